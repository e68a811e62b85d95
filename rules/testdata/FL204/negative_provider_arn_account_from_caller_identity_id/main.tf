# The trust spells the provider's ARN out with the caller's account, read
# as the data source's id (the account ID, as account_id is): the root's
# own provider, which accepts STS tokens only.
data "aws_caller_identity" "current" {}

resource "aws_eks_cluster" "fjord" {
  name     = "fjord"
  role_arn = "arn:aws:iam::173205080756:role/fjord-cluster"
  vpc_config {
    subnet_ids = ["subnet-0a7b6c5d4e3f21098", "subnet-0b8c7d6e5f4a32109"]
  }
}

resource "aws_iam_openid_connect_provider" "fjord" {
  url            = aws_eks_cluster.fjord.identity[0].oidc[0].issuer
  client_id_list = ["sts.amazonaws.com"]
}

locals {
  issuer = replace(aws_eks_cluster.fjord.identity[0].oidc[0].issuer, "https://", "")
}

resource "aws_iam_role" "reports" {
  name = "fjord-reports"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = "arn:aws:iam::${data.aws_caller_identity.current.id}:oidc-provider/${local.issuer}" }
      Condition = {
        StringEquals = { "${local.issuer}:sub" = "system:serviceaccount:reports:generator" }
      }
    }]
  })
}
