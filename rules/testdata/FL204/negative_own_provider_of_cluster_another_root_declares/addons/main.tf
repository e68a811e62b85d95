# The add-ons root registers the cluster's issuer itself, for STS only,
# and its roles name that provider by the account's ARN: the missing :aud
# key is harmless, no other audience can be presented.
data "aws_caller_identity" "current" {}

data "aws_eks_cluster" "billing" {
  name = "billing"
}

resource "aws_iam_openid_connect_provider" "billing" {
  url             = data.aws_eks_cluster.billing.identity[0].oidc[0].issuer
  client_id_list  = ["sts.amazonaws.com"]
  thumbprint_list = ["9e99a48a9960b14926bb7f3b02e22da2b0ab7280"]
}

locals {
  issuer = replace(data.aws_eks_cluster.billing.identity[0].oidc[0].issuer, "https://", "")
}

resource "aws_iam_role" "dns" {
  name = "billing-external-dns"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = "arn:aws:iam::${data.aws_caller_identity.current.account_id}:oidc-provider/${local.issuer}" }
      Condition = {
        StringEquals = {
          "${local.issuer}:sub" = "system:serviceaccount:external-dns:external-dns"
        }
      }
    }]
  })
}
