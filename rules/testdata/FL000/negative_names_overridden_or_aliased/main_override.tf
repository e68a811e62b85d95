# An override file redeclares what it changes: Terraform merges it.
variable "replicas" {
  default = 3
}

locals {
  team = "search-platform"
}

output "replicas" {
  value = var.replicas * 2
}

provider "aws" {
  region = "eu-west-2"
}
