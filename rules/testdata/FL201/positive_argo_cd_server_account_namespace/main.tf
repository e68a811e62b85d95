# The hub cluster's Argo CD server assumes a role to reach the spoke
# clusters (awsAuthConfig). The chart runs its server as argocd-server in
# the release namespace; the trust was written for the namespace the team
# used before the move to "argocd".
resource "aws_iam_openid_connect_provider" "hub" {
  url            = "https://oidc.eks.ap-southeast-2.amazonaws.com/id/0B1C2D3E4F5A6B7C8D9E0F1A2B3C4D5E"
  client_id_list = ["sts.amazonaws.com"]
}

locals {
  issuer = "oidc.eks.ap-southeast-2.amazonaws.com/id/0B1C2D3E4F5A6B7C8D9E0F1A2B3C4D5E"
}

resource "aws_iam_role" "argocd_server" {
  name = "hub-argocd-server"
  assume_role_policy = jsonencode({ # want FL201 `trust of role "hub-argocd-server" \(aws_iam_role.argocd_server\) allows system:serviceaccount:gitops:argocd-server; the service account runs as argocd:argocd-server`
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = aws_iam_openid_connect_provider.hub.arn }
      Condition = {
        StringEquals = {
          "${local.issuer}:sub" = "system:serviceaccount:gitops:argocd-server"
          "${local.issuer}:aud" = "sts.amazonaws.com"
        }
      }
    }]
  })
}

resource "helm_release" "argocd" {
  name       = "argocd"
  namespace  = "argocd"
  repository = "https://argoproj.github.io/argo-helm"
  chart      = "argo-cd"
  version    = "7.8.2"

  values = [yamlencode({
    server = {
      serviceAccount = {
        annotations = { "eks.amazonaws.com/role-arn" = aws_iam_role.argocd_server.arn }
      }
    }
  })]
}
