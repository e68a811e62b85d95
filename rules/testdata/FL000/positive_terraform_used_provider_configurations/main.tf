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

# The module's replica bucket uses this configuration.
provider "aws" {
  alias  = "replica"
  region = module.replica_network.region # want FL000 `Reference to undeclared module: No module call named "replica_network" is declared in this module\.`
}

# Used by the audit trail's bucket below.
provider "aws" {
  alias  = "audit"
  region = var.audit_region # want FL000 `Reference to undeclared input variable: An input variable with the name "audit_region" has not been declared\.`
}

resource "aws_s3_bucket" "audit" {
  provider = aws.audit
  bucket   = "tallinn-audit"
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
