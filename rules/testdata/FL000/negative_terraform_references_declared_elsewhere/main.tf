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
  # Terraform waits for the whole call: the output named is not checked.
  depends_on = [module.network.flow_logs_ready]
}

# try() catches the read of an output the module may not have.
output "peer_cidr" {
  value = try(module.network.peer_cidr_block, "10.64.0.0/16")
}
