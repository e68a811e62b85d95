terraform {
  required_version = ">= 1.6"

  required_providers {
    aws = {
      source  = "hashicorp/aws"
      version = "~> 5.60"
    }
  }

  # A real repository keeps its state in a remote backend (s3, and
  # Atlantis's locking on top). The example plans against a local state
  # file so make-plan.sh can produce a plan offline.
}

provider "aws" {
  region = var.region
}
