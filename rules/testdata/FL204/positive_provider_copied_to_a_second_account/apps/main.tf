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
# account: the cluster root's or the data account's copy. Both accept only
# STS tokens, so in either the missing audience changes nothing; that this
# root is applied in one of them is taken, not read: a notice.
resource "aws_iam_role" "indexer" {
  name = "quill-indexer"
  assume_role_policy = jsonencode({ # want FL204:notice `trust of role "quill-indexer" \(aws_iam_role.indexer\) has a web-identity statement without an :aud = sts.amazonaws.com condition`
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
