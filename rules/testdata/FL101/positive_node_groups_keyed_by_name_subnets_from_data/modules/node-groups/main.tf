variable "cluster" {
  type = string
}

variable "groups" {
  type = list(object({
    name       = string
    role_arn   = string
    subnet_ids = list(string)
    size       = number
  }))
}

resource "aws_eks_node_group" "this" {
  for_each = { for g in var.groups : g.name => g }

  cluster_name    = var.cluster
  node_group_name = each.key
  node_role_arn   = each.value.role_arn
  subnet_ids      = each.value.subnet_ids

  scaling_config {
    desired_size = each.value.size
    min_size     = 1
    max_size     = each.value.size * 2
  }
}
