# The services root finds its cluster by a name each environment's var
# file gives; the platform's provider also accepts the Vault audience, so
# a token minted for Vault may be exchanged for the role.
terraform {
  backend "s3" {
    bucket = "harbor-tfstate"
    key    = "services-vault/terraform.tfstate"
    region = "eu-west-3"
  }
}

variable "cluster_name" {
  type = string
}

data "aws_caller_identity" "current" {}

data "aws_eks_cluster" "target" {
  name = var.cluster_name
}

locals {
  oidc = replace(data.aws_eks_cluster.target.identity[0].oidc[0].issuer, "https://", "")
}

resource "aws_iam_role" "reporter" {
  name = "harbor-reporter"
  assume_role_policy = jsonencode({ # want FL204:warning `trust of role "harbor-reporter" \(aws_iam_role.reporter\) has a web-identity statement without an :aud = sts.amazonaws.com condition`
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = "arn:aws:iam::${data.aws_caller_identity.current.account_id}:oidc-provider/${local.oidc}" }
      Condition = {
        StringEquals = { "${local.oidc}:sub" = "system:serviceaccount:reports:reporter" }
      }
    }]
  })
}
