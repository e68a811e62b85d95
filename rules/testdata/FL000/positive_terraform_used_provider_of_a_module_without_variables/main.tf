terraform {
  backend "s3" {
    bucket = "oslo-state"
    key    = "archive/terraform.tfstate"
    region = "eu-north-1"
  }
  required_providers {
    aws = { source = "hashicorp/aws" }
  }
}

provider "aws" {
  region = "eu-north-1"
}

module "archive" {
  source = "./modules/archive"
}
