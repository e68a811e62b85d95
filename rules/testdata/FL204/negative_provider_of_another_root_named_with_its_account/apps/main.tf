terraform {
  backend "s3" {
    bucket = "quill-terraform-state"
    key    = "apps/terraform.tfstate"
    region = "us-east-2"
  }
}

data "terraform_remote_state" "cluster" {
  backend = "s3"
  config = {
    bucket = "quill-terraform-state"
    key    = "cluster/terraform.tfstate"
    region = "us-east-2"
  }
}

locals {
  issuer = trimprefix(data.terraform_remote_state.cluster.outputs.oidc_issuer, "https://")
}

# The principal names the provider for the cluster's issuer in account
# 246813579024, which the cluster root pins: IAM keeps one provider per
# issuer in an account, so it is the cluster root's, which accepts only
# STS tokens; the missing audience changes nothing.
resource "aws_iam_role" "indexer" {
  name = "quill-indexer"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = "arn:aws:iam::246813579024:oidc-provider/${local.issuer}" }
      Condition = {
        StringEquals = {
          "${local.issuer}:sub" = "system:serviceaccount:search:indexer"
        }
      }
    }]
  })
}

provider "aws" {
  region              = "us-east-2"
  allowed_account_ids = ["246813579024"]
}
