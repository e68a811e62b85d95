terraform {
  backend "s3" {
    bucket = "kestrel-state"
    key    = "cluster/terraform.tfstate"
    region = "eu-west-1"
  }
}

data "aws_caller_identity" "current" {}

module "cluster" {
  source = "./modules/cluster"
}

# The root's one provider, for the cluster's issuer: STS tokens only.
resource "aws_iam_openid_connect_provider" "cluster" {
  url             = module.cluster.cluster.identity[0].oidc[0].issuer
  client_id_list  = ["sts.amazonaws.com"]
  thumbprint_list = ["9e99a48a9960b14926bb7f3b02e22da2b0ab7280"]
}

locals {
  issuer_host = trimprefix(module.cluster.cluster.identity[0].oidc[0].issuer, "https://")
}

resource "aws_iam_role" "notebooks" {
  name = "kestrel-notebooks"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = "arn:aws:iam::${data.aws_caller_identity.current.account_id}:oidc-provider/${local.issuer_host}" }
      Condition = { StringEquals = { "${local.issuer_host}:sub" = "system:serviceaccount:notebooks:reader" } }
    }]
  })
}
