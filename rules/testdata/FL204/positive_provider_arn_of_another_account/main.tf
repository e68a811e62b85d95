# The trust names the issuer's provider in the shared-services account:
# that account's provider is not the one declared here, and what audiences
# it registers is not known: the missing :aud condition may let a token
# minted for another purpose in.
data "aws_caller_identity" "current" {}

data "aws_eks_cluster" "orders" {
  name = "orders"
}

resource "aws_iam_openid_connect_provider" "orders" {
  url             = data.aws_eks_cluster.orders.identity[0].oidc[0].issuer
  client_id_list  = ["sts.amazonaws.com"]
  thumbprint_list = ["9e99a48a9960b14926bb7f3b02e22da2b0ab7280"]
}

locals {
  issuer = replace(data.aws_eks_cluster.orders.identity[0].oidc[0].issuer, "https://", "")
}

resource "aws_iam_role" "cert_manager" {
  name = "orders-cert-manager"
  assume_role_policy = jsonencode({ # want FL204 `trust of role "orders-cert-manager" \(aws_iam_role.cert_manager\) has a web-identity statement without an :aud = sts.amazonaws.com condition`
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = "arn:aws:iam::444455556666:oidc-provider/${local.issuer}" }
      Condition = {
        StringEquals = { "${local.issuer}:sub" = "system:serviceaccount:cert-manager:cert-manager" }
      }
    }]
  })
}
