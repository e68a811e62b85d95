terraform {
  backend "s3" {
    bucket = "lisbon-state"
    key    = "ledger/terraform.tfstate"
    region = "eu-south-2"
  }
  required_providers {
    aws = { source = "hashicorp/aws" }
  }
}

# The ledger module configures no provider of its own: its tables module
# inherits this configuration through it, so Terraform evaluates the
# block and refuses the read of a variable that is not declared.
provider "aws" {
  region = var.ledger_region # want FL000 `Reference to undeclared input variable: An input variable with the name "ledger_region" has not been declared\.`
}

variable "ledger_retention_days" {
  type    = number
  default = 90
}

module "ledger" {
  source         = "./modules/ledger"
  retention_days = var.ledger_retention_days
}
