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

# The replica is built now: its configuration is used, and Terraform
# evaluates the provider block that reads the missing module call.
resource "aws_s3_bucket" "replica" {
  provider = aws.replica
  bucket   = "tallinn-reports-replica"
}
