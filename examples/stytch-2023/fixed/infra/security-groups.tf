# Security group of the node groups. No discovery tag: Karpenter must not
# select it.
resource "aws_security_group" "nodes" {
  name        = "${var.cluster_name}-nodes"
  description = "Node group nodes of ${var.cluster_name}"
  vpc_id      = var.vpc_id

  tags = {
    Name = "${var.cluster_name}-nodes"
  }
}

# Security group of the nodes Karpenter launches, found through the
# discovery tag.
resource "aws_security_group" "karpenter_nodes" {
  name        = "${var.cluster_name}-karpenter-nodes"
  description = "Karpenter nodes of ${var.cluster_name}"
  vpc_id      = var.vpc_id

  tags = merge(local.discovery_tags, {
    Name = "${var.cluster_name}-karpenter-nodes"
  })
}

locals {
  node_security_groups = {
    nodes           = aws_security_group.nodes.id
    karpenter_nodes = aws_security_group.karpenter_nodes.id
  }
}

# Both groups get the same rules; pods talk across them by reference, not
# by sharing a group.
resource "aws_vpc_security_group_ingress_rule" "from_nodes" {
  for_each = local.node_security_groups

  security_group_id            = each.value
  referenced_security_group_id = aws_security_group.nodes.id
  ip_protocol                  = "-1"
  description                  = "From node group nodes"
}

resource "aws_vpc_security_group_ingress_rule" "from_karpenter_nodes" {
  for_each = local.node_security_groups

  security_group_id            = each.value
  referenced_security_group_id = aws_security_group.karpenter_nodes.id
  ip_protocol                  = "-1"
  description                  = "From Karpenter nodes"
}

locals {
  control_plane_ports = {
    webhooks = 443
    kubelet  = 10250
  }

  control_plane_ingress = merge([
    for sg, sg_id in local.node_security_groups : {
      for name, port in local.control_plane_ports : "${sg}-${name}" => {
        security_group_id = sg_id
        port              = port
      }
    }
  ]...)
}

resource "aws_vpc_security_group_ingress_rule" "from_control_plane" {
  for_each = local.control_plane_ingress

  security_group_id            = each.value.security_group_id
  referenced_security_group_id = module.eks.cluster_security_group_id
  ip_protocol                  = "tcp"
  from_port                    = each.value.port
  to_port                      = each.value.port
  description                  = "Control plane to ${each.key}"
}

resource "aws_vpc_security_group_egress_rule" "all" {
  for_each = local.node_security_groups

  security_group_id = each.value
  cidr_ipv4         = "0.0.0.0/0"
  ip_protocol       = "-1"
}
