provider "aws" {
  region = "eu-west-1"
}

data "aws_caller_identity" "current" {}

resource "aws_iam_role" "external_dns" {
  name = "prod-external-dns"

  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Principal = { Federated = "arn:aws:iam::${data.aws_caller_identity.current.account_id}:oidc-provider/oidc.eks.eu-west-1.amazonaws.com/id/3F1A2B3C4D5E6F708192A3B4C5D6E7F8" }
      Action    = "sts:AssumeRoleWithWebIdentity"
      Condition = {
        StringEquals = {
          "oidc.eks.eu-west-1.amazonaws.com/id/3F1A2B3C4D5E6F708192A3B4C5D6E7F8:sub" = "system:serviceaccount:kube-system:external-dns"
          "oidc.eks.eu-west-1.amazonaws.com/id/3F1A2B3C4D5E6F708192A3B4C5D6E7F8:aud" = "sts.amazonaws.com"
        }
      }
    }]
  })
}

resource "kubernetes_service_account_v1" "external_dns" {
  metadata {
    name      = "external-dns"
    namespace = "kube-system"
    annotations = {
      "eks.amazonaws.com/role-arn" = aws_iam_role.external_dns.arn
    }
  }
}
