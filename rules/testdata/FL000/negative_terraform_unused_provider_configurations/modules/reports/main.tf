terraform {
  required_providers {
    aws = {
      source                = "hashicorp/aws"
      configuration_aliases = [aws.replica]
    }
  }
}

resource "aws_s3_bucket" "reports" {
  bucket = "tallinn-reports"
}
