# The log shipper's trust is written without the provider resource: its
# principal is put together from this account, this region and the ID cut
# out of the cluster's issuer, which is the provider declared below, and
# that provider accepts only STS tokens.
provider "aws" {
  region = "eu-central-1"
}

data "aws_caller_identity" "this" {}
data "aws_region" "this" {}

resource "aws_eks_cluster" "main" {
  name     = "telemetry"
  role_arn = "arn:aws:iam::246813579024:role/telemetry-cluster"

  vpc_config {
    subnet_ids = ["subnet-0c0ffee0c0ffee001", "subnet-0c0ffee0c0ffee002"]
  }
}

resource "aws_iam_openid_connect_provider" "cluster" {
  url             = aws_eks_cluster.main.identity[0].oidc[0].issuer
  client_id_list  = ["sts.amazonaws.com"]
  thumbprint_list = ["9e99a48a9960b14926bb7f3b02e22da2b0ab7280"]
}

locals {
  oidc_id   = regex("[0-9A-F]{32}$", aws_eks_cluster.main.identity[0].oidc[0].issuer)
  oidc_host = "oidc.eks.${data.aws_region.this.name}.amazonaws.com/id/${local.oidc_id}"
  oidc_arn  = "arn:aws:iam::${data.aws_caller_identity.this.account_id}:oidc-provider/${local.oidc_host}"
}

resource "aws_iam_role" "shipper" {
  name = "telemetry-log-shipper"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = local.oidc_arn }
      Condition = {
        StringEquals = {
          "${local.oidc_host}:sub" = "system:serviceaccount:logging:log-shipper"
        }
      }
    }]
  })
}
