terraform {
  backend "s3" {}
}

data "aws_caller_identity" "current" {}

resource "aws_eks_cluster" "kestrel" {
  name     = "kestrel"
  role_arn = "arn:aws:iam::456789012345:role/kestrel-control-plane"
  vpc_config {
    subnet_ids = ["subnet-0f1e2d3c4b5a69788", "subnet-0e1d2c3b4a5968778"]
  }
}

resource "aws_iam_openid_connect_provider" "kestrel" {
  url             = aws_eks_cluster.kestrel.identity[0].oidc[0].issuer
  client_id_list  = ["sts.amazonaws.com"]
  thumbprint_list = ["9e99a48a9960b14926bb7f3b02e22da2b0ab7280"]
}

# trim() cuts characters of a set from both ends, not a prefix; on an EKS
# issuer ("https://oidc.eks…/id/<upper-case hex>") that set cuts exactly
# the scheme. The principal is the provider above, which takes only STS
# tokens: the missing :aud changes nothing.
locals {
  oidc_host = trim(aws_eks_cluster.kestrel.identity[0].oidc[0].issuer, "https://")
}

resource "aws_iam_role" "uploader" {
  name = "kestrel-uploader"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = "arn:aws:iam::${data.aws_caller_identity.current.account_id}:oidc-provider/${local.oidc_host}" }
      Condition = {
        StringEquals = { "${local.oidc_host}:sub" = "system:serviceaccount:media:uploader" }
      }
    }]
  })
}
