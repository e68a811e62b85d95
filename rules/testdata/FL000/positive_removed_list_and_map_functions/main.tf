terraform {
  backend "s3" {}
}

variable "name" {
  type    = string
  default = "harbor"
}

# Written for Terraform 0.11: list() and map() are still names Terraform
# knows, but every call of them fails.
resource "aws_security_group" "workers" {
  name = "${var.name}-workers"
  tags = map("Name", var.name) # want FL000 `Call to function "map" failed: the "map" function was deprecated in Terraform v0.12 and is no longer available`
}

locals {
  zones = list("a", "b") # want FL000 `Call to function "list" failed`
}

output "zones" {
  value = local.zones
}
