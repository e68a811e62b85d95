locals {
  oidc = "oidc.eks.us-east-2.amazonaws.com/id/5E6F7A8B9C0D1E2F3A4B5C6D7E8F9A0B"
}

resource "aws_iam_role" "reports" {
  name = "reports-exporter"
  assume_role_policy = jsonencode({ # want FL201:warning `allows system:serviceaccount:default:reports-exporter; the service account runs as reporting:reports-exporter`
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = "arn:aws:iam::210987654321:oidc-provider/${local.oidc}" }
      Condition = {
        StringEquals = {
          "${local.oidc}:sub" = "system:serviceaccount:default:reports-exporter"
          "${local.oidc}:aud" = "sts.amazonaws.com"
        }
      }
    }]
  })
}

output "reports_role_arn" {
  value = aws_iam_role.reports.arn
}
