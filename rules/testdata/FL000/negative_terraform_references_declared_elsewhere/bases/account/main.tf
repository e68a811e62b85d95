# A base copied into each account's root, where variables.tf declares the
# region: this directory declares no variable of its own.
terraform {
  backend "s3" {}
}

provider "aws" {
  region = var.region
}

resource "aws_iam_account_password_policy" "strict" {
  minimum_password_length = 16
}
