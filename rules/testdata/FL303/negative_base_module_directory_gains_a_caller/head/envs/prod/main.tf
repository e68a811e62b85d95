terraform {
  backend "s3" {
    bucket = "kyiv-state"
    key    = "prod/terraform.tfstate"
    region = "eu-central-1"
  }
}

resource "aws_cloudwatch_log_group" "platform" {
  name = "/prod/platform"
}

# The module is wired in now: its role is created here; nothing the base
# applied is destroyed.
module "workers" {
  source = "../../modules/workers"
}
