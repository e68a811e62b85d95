terraform {
  backend "s3" {}
}

variable "legacy" {
  type    = bool
  default = false
}

# try() catches the failing call, and validate takes neither branch of a
# conditional on a variable: neither call stops Terraform.
locals {
  zones = try(list("a", "b"), ["a", "b"])
  tags  = var.legacy ? map("Name", "harbor") : { Name = "harbor" }
}

output "zones" {
  value = local.zones
}

output "tags" {
  value = local.tags
}
