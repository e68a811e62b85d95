terraform {
  backend "s3" {
    bucket = "acme-platform-state"
    key    = "prod/iam/terraform.tfstate"
    region = "eu-west-1"
  }
}

locals {
  issuer = "oidc.eks.eu-west-1.amazonaws.com/id/0A1B2C3D4E5F60718293A4B5C6D7E8F9"
}

data "aws_caller_identity" "me" {}

resource "aws_iam_role" "external_dns" {
  name = "prod-external-dns"
  assume_role_policy = jsonencode({ # want FL201 `allows system:serviceaccount:kube-system:external-dns; the service account runs as dns:external-dns: kubernetes_service_account_v1.external_dns \(across roots apps and iam\)`
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = "arn:aws:iam::${data.aws_caller_identity.me.account_id}:oidc-provider/${local.issuer}" }
      Condition = {
        StringEquals = {
          "${local.issuer}:sub" = "system:serviceaccount:kube-system:external-dns"
          "${local.issuer}:aud" = "sts.amazonaws.com"
        }
      }
    }]
  })
}

output "external_dns_role_arn" {
  value = aws_iam_role.external_dns.arn
}
