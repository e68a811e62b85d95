terraform {
  backend "s3" {
    bucket = "network-state"
    key    = "vpc/terraform.tfstate"
    region = "eu-north-1"
  }
}

variable "zones" {
  type = map(string)
}

resource "aws_vpc" "main" {
  cidr_block = "10.20.0.0/16"
}

resource "aws_subnet" "private" {
  count      = length(var.zones)
  vpc_id     = aws_vpc.main.id
  cidr_block = cidrsubnet("10.20.0.0/16", 4, count.index)

  lifecycle {
    precondition {
      condition     = count.index < 8
      error_message = "At most eight private subnets."
    }
  }
}

resource "aws_subnet" "public" {
  for_each   = var.zones
  vpc_id     = aws_vpc.main.id
  cidr_block = cidrsubnet("10.20.128.0/17", 4, index(keys(var.zones), each.key))
  tags = {
    Zone = each.value
  }
}

import {
  for_each = { legacy = "subnet-0123456789abcdef0" }
  to       = aws_subnet.public[each.key]
  id       = each.value
}

locals {
  # A for expression may name its own variables count and each.
  counts = [for count in values(var.zones) : length(count)]
  eaches = { for each, zone in var.zones : each => zone }
}

output "counts" {
  value = local.counts
}
