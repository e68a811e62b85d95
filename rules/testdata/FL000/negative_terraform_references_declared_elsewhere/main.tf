provider "aws" {
  region = "eu-west-1"
}

provider "aws" {
  alias  = "west"
  region = "us-west-2"
}

variable "existing_group_id" {
  type    = string
  default = "sg-0123456789abcdef0"
}

module "network" {
  source = "./network"
  providers = {
    aws.peer = aws.west
  }
  vpc_id = "vpc-0123456789abcdef0"
}

# The address names the group inside the module; the id is an expression.
import {
  to = module.network.aws_security_group.nodes
  id = var.existing_group_id
}

output "ports" {
  value = module.network.ports
}
