variable "cluster_name" {
  type = string
}

variable "name" {
  type = string
}

variable "role_arn" {
  type = string
}

variable "instance_types" {
  type = list(string)
}

variable "min_size" {
  type = number
}

resource "aws_eks_node_group" "this" {
  cluster_name    = var.cluster_name
  node_group_name = var.name
  node_role_arn   = var.role_arn
  instance_types  = var.instance_types
  subnet_ids      = ["subnet-0a1b2c3d"]

  scaling_config {
    min_size     = var.min_size
    max_size     = var.min_size + 3
    desired_size = var.min_size
  }
}
