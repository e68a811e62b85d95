terraform {
  backend "s3" {
    bucket = "network-state"
    key    = "vpc/terraform.tfstate"
    region = "eu-north-1"
  }
}

# The subnets were once counted; the VPC never was, yet its tags were
# copied from them.
resource "aws_vpc" "main" {
  cidr_block = "10.20.0.0/16"
  tags = {
    Name = "main-${count.index}" # want FL000 `Reference to "count" in non-counted context`
  }
}

resource "aws_subnet" "private" {
  count      = 2
  vpc_id     = var.shared_vpc_id
  cidr_block = cidrsubnet("10.20.0.0/16", 4, count.index)
  tags = {
    Name = each.value # want FL000 `each.value cannot be used in this context`
  }
}

locals {
  zone_names = { for k, v in var.zones : k => "${v}-${each.key}" } # want FL000 `Reference to "each" in context without for_each`
}

variable "zones" {
  type = map(string)
}

variable "shared_vpc_id" {
  type = string
}

output "first_subnet" {
  value = aws_subnet.private[0].id
}
