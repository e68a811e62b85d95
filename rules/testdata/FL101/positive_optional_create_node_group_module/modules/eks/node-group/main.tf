variable "create" {
  type     = bool
  default  = true
  nullable = false
}

variable "cluster_name" {
  type = string
}

variable "name" {
  type = string
}

variable "role_arn" {
  type = string
}

variable "min_size" {
  type     = number
  default  = 1
  nullable = false
}

resource "aws_eks_node_group" "this" {
  count = var.create ? 1 : 0

  cluster_name    = var.cluster_name
  node_group_name = var.name
  node_role_arn   = var.role_arn
  subnet_ids      = ["subnet-0f00", "subnet-0f01"]

  scaling_config {
    min_size     = var.min_size
    max_size     = var.min_size + 2
    desired_size = var.min_size
  }
}
