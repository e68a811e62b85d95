terraform {
  backend "s3" {
    bucket = "network-state"
    key    = "regions/terraform.tfstate"
    region = "eu-north-1"
  }
}

variable "regions" {
  type    = set(string)
  default = ["eu-north-1", "eu-west-1"]
}

# OpenTofu gives provider blocks for_each: each.key is theirs to read.
provider "aws" {
  alias    = "by_region"
  for_each = var.regions
  region   = each.key
}

resource "aws_security_group" "ingress" {
  name = "ingress"

  # A dynamic block's content is checked only for the blocks it makes;
  # its iterator is not each.
  dynamic "ingress" {
    for_each = [443, 8443]
    content {
      from_port   = ingress.value
      to_port     = ingress.value
      protocol    = "tcp"
      cidr_blocks = ["10.0.0.0/8"]
      description = "port ${ingress.key}"
    }
  }
}
