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
