# The node groups take their subnets from a lookup known only after apply;
# the group names are written here, so the groups (and the system
# group's taint) are known before it.
data "aws_subnets" "private" {
  tags = { tier = "private" }
}

resource "aws_eks_cluster" "lake" {
  name     = "lake"
  role_arn = "arn:aws:iam::210987654321:role/lake-cluster"
  vpc_config {
    subnet_ids = ["subnet-0aa1", "subnet-0bb2"]
  }
}

locals {
  node_groups = {
    system = {
      subnets   = sort(data.aws_subnets.private.ids)
      labels    = { pool = "system" }
      dedicated = true
    }
    batch = {
      subnets   = [data.aws_subnets.private.ids[0]]
      labels    = { pool = "batch" }
      dedicated = false
    }
  }
}

resource "aws_eks_node_group" "pool" {
  for_each        = local.node_groups
  cluster_name    = aws_eks_cluster.lake.name
  node_group_name = each.key
  node_role_arn   = "arn:aws:iam::210987654321:role/lake-nodes"
  subnet_ids      = each.value.subnets
  labels          = each.value.labels

  scaling_config {
    desired_size = 2
    max_size     = 4
    min_size     = 1
  }

  dynamic "taint" {
    for_each = each.value.dedicated ? ["CriticalAddonsOnly"] : []
    content {
      key    = taint.value
      value  = "true"
      effect = "NO_SCHEDULE"
    }
  }
}
