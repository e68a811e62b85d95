terraform {
  required_version = ">= 1.6"
  required_providers {
    aws = {
      source  = "hashicorp/aws"
      version = "~> 5.0"
    }
  }
  backend "s3" {
    bucket = "platform-tfstate"
    key    = "eks/terraform.tfstate"
    region = "eu-west-1"
  }
}
