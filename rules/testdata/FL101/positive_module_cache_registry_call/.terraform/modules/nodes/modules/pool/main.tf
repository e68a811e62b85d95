variable "cluster_name" {
  type = string
}

variable "name" {
  type = string
}

variable "role_arn" {
  type = string
}

variable "subnet_ids" {
  type = list(string)
}

variable "instance_types" {
  type = list(string)
}

variable "size" {
  type = number
}

resource "aws_eks_node_group" "this" {
  cluster_name    = var.cluster_name
  node_group_name = var.name
  node_role_arn   = var.role_arn
  subnet_ids      = var.subnet_ids
  instance_types  = var.instance_types

  scaling_config {
    desired_size = var.size
    min_size     = var.size
    max_size     = var.size * 2
  }
}

output "arn" {
  value = aws_eks_node_group.this.arn
}
