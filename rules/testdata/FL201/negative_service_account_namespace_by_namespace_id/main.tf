resource "aws_iam_openid_connect_provider" "eks" {
  url            = "https://oidc.eks.sa-east-1.amazonaws.com/id/0A1B2C3D4E5F6A7B8C9D0E1F2A3B4C5D"
  client_id_list = ["sts.amazonaws.com"]
}

locals {
  issuer = "oidc.eks.sa-east-1.amazonaws.com/id/0A1B2C3D4E5F6A7B8C9D0E1F2A3B4C5D"
}

resource "aws_iam_role" "reports" {
  name = "reports-exporter"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = aws_iam_openid_connect_provider.eks.arn }
      Condition = {
        StringEquals = {
          "${local.issuer}:sub" = "system:serviceaccount:reporting:exporter"
          "${local.issuer}:aud" = "sts.amazonaws.com"
        }
      }
    }]
  })
}

resource "kubernetes_namespace_v1" "reporting" {
  metadata {
    name = "reporting"
  }
}

# A namespace's id is its name: the account lives in "reporting", as trusted.
resource "kubernetes_service_account_v1" "exporter" {
  metadata {
    name      = "exporter"
    namespace = kubernetes_namespace_v1.reporting.id
    annotations = {
      "eks.amazonaws.com/role-arn" = aws_iam_role.reports.arn
    }
  }
}
