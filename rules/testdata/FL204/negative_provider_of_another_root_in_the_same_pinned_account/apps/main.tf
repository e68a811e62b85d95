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

data "aws_caller_identity" "this" {}

locals {
  issuer = trimprefix(data.terraform_remote_state.cluster.outputs.oidc_issuer, "https://")
}

# The principal is the provider for the cluster's issuer in this root's
# account. Both roots pin the same account: it is the cluster root's
# provider, which accepts only STS tokens, so the missing audience
# changes nothing.
resource "aws_iam_role" "indexer" {
  name = "quill-indexer"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = "arn:aws:iam::${data.aws_caller_identity.this.account_id}:oidc-provider/${local.issuer}" }
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
