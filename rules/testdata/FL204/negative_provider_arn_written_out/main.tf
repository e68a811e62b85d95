# The trust spells the provider's ARN out instead of referencing it: this
# root's own account and the issuer its provider is created for. That
# provider registers sts.amazonaws.com alone, so STS takes no token of
# another audience and the missing :aud condition opens nothing.
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
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = "arn:aws:iam::${data.aws_caller_identity.current.account_id}:oidc-provider/${local.issuer}" }
      Condition = {
        StringEquals = { "${local.issuer}:sub" = "system:serviceaccount:cert-manager:cert-manager" }
      }
    }]
  })
}
