resource "aws_security_group" "nodes" {
  name        = "${var.cluster_name}-nodes"
  description = "Worker nodes of ${var.cluster_name}"
  vpc_id      = var.vpc_id

  tags = merge(local.discovery_tags, {
    Name = "${var.cluster_name}-nodes"
  })
}

resource "aws_vpc_security_group_ingress_rule" "nodes_self" {
  security_group_id            = aws_security_group.nodes.id
  referenced_security_group_id = aws_security_group.nodes.id
  ip_protocol                  = "-1"
  description                  = "Node to node"
}

resource "aws_vpc_security_group_ingress_rule" "nodes_from_control_plane" {
  for_each = {
    webhooks = 443
    kubelet  = 10250
  }

  security_group_id            = aws_security_group.nodes.id
  referenced_security_group_id = module.eks.cluster_security_group_id
  ip_protocol                  = "tcp"
  from_port                    = each.value
  to_port                      = each.value
  description                  = "Control plane to ${each.key}"
}

resource "aws_vpc_security_group_egress_rule" "nodes_all" {
  security_group_id = aws_security_group.nodes.id
  cidr_ipv4         = "0.0.0.0/0"
  ip_protocol       = "-1"
}
