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

# The principal may be the data account's copy of the cluster's provider,
# which also accepts Vault's tokens: a token minted for Vault assumes the
# role.
resource "aws_iam_role" "indexer" {
  name = "quill-indexer"
  assume_role_policy = jsonencode({ # want FL204:warning `trust of role "quill-indexer" \(aws_iam_role.indexer\) has a web-identity statement without an :aud = sts.amazonaws.com condition`
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
