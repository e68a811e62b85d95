terraform {
  required_providers {
    aws = { source = "hashicorp/aws" }
  }
}

variable "retention_days" {
  type = number
}

provider "aws" {
  region = "eu-south-2"
}

resource "aws_dynamodb_table" "entries" {
  name         = "ledger-entries"
  billing_mode = "PAY_PER_REQUEST"
  hash_key     = "id"
  tags         = { retention_days = tostring(var.retention_days) }

  attribute {
    name = "id"
    type = "S"
  }
}
