# An older copy of settings.tf that was never deleted: Terraform reads
# every .tf file of the directory, in name order, so each name below is
# declared twice (and reported where its later declaration is).
variable "cluster_name" {
  type    = string
  default = "ledger-staging"
}

locals {
  owner = "platform"
}

output "cluster_name" {
  value = var.cluster_name
}

provider "aws" { # want FL000 `Duplicate provider configuration: A default \(non-aliased\) provider configuration for "aws" was already given at providers.tf:1`
  region = "eu-west-1"
}
