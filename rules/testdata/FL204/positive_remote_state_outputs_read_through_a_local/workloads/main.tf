# The platform's outputs are read through a local holding them whole. The
# key names the state of a platform root of another region, which this
# tree does not hold: its provider is not known.
provider "aws" {
  region = "eu-central-1"
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
  assume_role_policy = jsonencode({ # want FL204:warning `trust of role "marlin-reports" \(aws_iam_role.reports\) has a web-identity statement without an :aud = sts.amazonaws.com condition`
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
