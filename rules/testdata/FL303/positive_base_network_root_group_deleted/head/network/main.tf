terraform {
  backend "s3" {
    bucket = "acme-terraform-state"
    key    = "network.tfstate"
    region = "us-east-2"
  }
}

resource "aws_vpc" "main" {
  cidr_block = "10.40.0.0/16"
}
