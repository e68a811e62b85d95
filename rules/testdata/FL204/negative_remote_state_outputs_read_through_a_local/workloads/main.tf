# data "aws_region" without arguments reads the region of its provider
# configuration: the key is ap-southeast-2/platform.tfstate, the platform
# root's state, whose provider accepts only STS tokens, read through a
# local holding the outputs whole.
provider "aws" {
  region = "ap-southeast-2"
}

data "aws_region" "current" {}

# Each region's platform state is kept under the region's name.
data "terraform_remote_state" "platform" {
  backend = "s3"
  config = {
    bucket = "marlin-tfstate"
    key    = "${data.aws_region.current.name}/platform.tfstate"
    region = "ap-southeast-2"
  }
}

locals {
  platform = data.terraform_remote_state.platform.outputs
}

resource "aws_iam_role" "reports" {
  name = "marlin-reports"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = local.platform.oidc_provider_arn }
      Condition = {
        StringEquals = {
          "${local.platform.oidc_issuer}:sub" = "system:serviceaccount:reports:reports"
        }
      }
    }]
  })
}
