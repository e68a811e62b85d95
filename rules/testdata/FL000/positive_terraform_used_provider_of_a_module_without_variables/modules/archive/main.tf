terraform {
  required_providers {
    aws = {
      source                = "hashicorp/aws"
      configuration_aliases = []
    }
  }
}

# The replica bucket uses this configuration: Terraform evaluates the
# block, and the module declares no variable it could read.
provider "aws" {
  alias  = "replica"
  region = var.replica_region # want FL000 `Reference to undeclared input variable: An input variable with the name "replica_region" has not been declared\.`
}

resource "aws_s3_bucket" "archive" {
  bucket = "oslo-archive"
}

resource "aws_s3_bucket" "replica" {
  provider = aws.replica
  bucket   = "oslo-archive-replica"
}
