# The lookup names its region: the key is that of the platform root's
# state, whatever region this root's provider is in.
provider "aws" {
  region = "eu-central-1"
}

data "aws_region" "current" {
  name = "ap-southeast-2"
}

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
  assume_role_policy = jsonencode({
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
