# Every reference here names something the module declares, or is read by
# Terraform as an address, or is only checked for blocks a dynamic block
# makes: terraform validate accepts the module.
terraform {
  required_providers {
    aws = {
      source                = "hashicorp/aws"
      configuration_aliases = [aws.peer]
    }
  }
}

resource "aws_security_group" "nodes" {
  provider = aws.peer
  name     = "${local.prefix}-nodes"
  vpc_id   = var.vpc_id

  # Checked only for the blocks the for_each makes, and empty by default.
  dynamic "ingress" {
    for_each = var.extra_ports
    content {
      from_port   = ingress.value
      to_port     = ingress.value
      protocol    = "tcp"
      cidr_blocks = var.ingress_cidrs
      description = var.port_description
    }
  }

  lifecycle {
    ignore_changes = [tags, description]
  }
}

resource "aws_security_group_rule" "egress" {
  count             = length(local.egress_ports)
  type              = "egress"
  from_port         = local.egress_ports[count.index]
  to_port           = local.egress_ports[count.index]
  protocol          = "tcp"
  cidr_blocks       = ["0.0.0.0/0"]
  security_group_id = resource.aws_security_group.nodes.id
  description       = "egress from ${path.module} in ${terraform.workspace}"
}

# The old name is an address, not a reference.
moved {
  from = aws_security_group.workers
  to   = aws_security_group.nodes
}

removed {
  from = aws_security_group_rule.legacy
  lifecycle {
    destroy = false
  }
}

check "caller" {
  data "aws_caller_identity" "now" {}

  assert {
    condition     = data.aws_caller_identity.now.account_id != ""
    error_message = "No caller."
  }
}

output "ports" {
  value = { for name, port in local.named_ports : name => port if port > 0 }
}
