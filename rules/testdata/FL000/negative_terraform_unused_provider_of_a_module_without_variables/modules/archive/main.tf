terraform {
  required_providers {
    aws = {
      source                = "hashicorp/aws"
      configuration_aliases = []
    }
  }
}

# A replica region was planned and dropped: the module declares no
# variables any more, and nothing uses this configuration, so Terraform
# never evaluates the block (terraform validate passes).
provider "aws" {
  alias  = "replica"
  region = var.replica_region
}

resource "aws_s3_bucket" "archive" {
  bucket = "oslo-archive"
}
