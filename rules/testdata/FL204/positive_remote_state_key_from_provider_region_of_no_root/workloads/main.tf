# This root's provider is in another region: the key names the state of
# a platform root this tree does not hold, whose provider is not known.
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

resource "aws_iam_role" "reports" {
  name = "marlin-reports"
  assume_role_policy = jsonencode({ # want FL204:warning `trust of role "marlin-reports" \(aws_iam_role.reports\) has a web-identity statement without an :aud = sts.amazonaws.com condition`
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = data.terraform_remote_state.platform.outputs.oidc_provider_arn }
      Condition = {
        StringEquals = {
          "${data.terraform_remote_state.platform.outputs.oidc_issuer}:sub" = "system:serviceaccount:reports:reports"
        }
      }
    }]
  })
}
