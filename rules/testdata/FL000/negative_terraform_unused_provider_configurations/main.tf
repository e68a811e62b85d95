terraform {
  backend "s3" {
    bucket = "tallinn-state"
    key    = "reports/terraform.tfstate"
    region = "eu-north-1"
  }
  required_providers {
    aws = { source = "hashicorp/aws" }
  }
}

provider "aws" {
  region = "eu-north-1"
}

# Kept for a replica that was never built. Terraform evaluates a provider
# configuration only when something uses it: this one is only handed to
# a module whose resources use the default configuration, so the read of
# a module call that no longer exists is never evaluated (terraform
# validate passes).
provider "aws" {
  alias  = "replica"
  region = module.replica_network.region
}

# Used by nothing at all.
provider "aws" {
  alias  = "audit"
  region = var.audit_region
}

module "reports" {
  source = "./modules/reports"
  providers = {
    aws         = aws
    aws.replica = aws.replica
  }
}

variable "report_retention_days" {
  type    = number
  default = 30
}

output "report_retention_days" {
  value = var.report_retention_days
}
