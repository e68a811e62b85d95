# Argo CD's repo server pulls charts from ECR: its role trusts the account
# the chart names it by (the chart's fullname and "-repo-server": release
# "gitops", so gitops-argocd-repo-server) in the release namespace.
resource "aws_iam_openid_connect_provider" "hub" {
  url            = "https://oidc.eks.ap-southeast-2.amazonaws.com/id/0B1C2D3E4F5A6B7C8D9E0F1A2B3C4D5E"
  client_id_list = ["sts.amazonaws.com"]
}

locals {
  issuer = "oidc.eks.ap-southeast-2.amazonaws.com/id/0B1C2D3E4F5A6B7C8D9E0F1A2B3C4D5E"
}

resource "aws_iam_role" "repo_server" {
  name = "hub-argocd-repo-server"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = aws_iam_openid_connect_provider.hub.arn }
      Condition = {
        StringEquals = {
          "${local.issuer}:sub" = "system:serviceaccount:argocd:gitops-argocd-repo-server"
          "${local.issuer}:aud" = "sts.amazonaws.com"
        }
      }
    }]
  })
}

resource "helm_release" "gitops" {
  name       = "gitops"
  namespace  = "argocd"
  repository = "https://argoproj.github.io/argo-helm"
  chart      = "argo-cd"
  version    = "7.8.2"

  set {
    name  = "repoServer.serviceAccount.annotations.eks\\.amazonaws\\.com/role-arn"
    value = aws_iam_role.repo_server.arn
  }
}
