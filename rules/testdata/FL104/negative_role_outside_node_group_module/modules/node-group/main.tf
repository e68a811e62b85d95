variable "name" {
  type = string
}

variable "node_role_arn" {
  type = string
}

resource "aws_eks_node_group" "this" {
  cluster_name    = "checkout"
  node_group_name = var.name
  node_role_arn   = var.node_role_arn
  subnet_ids      = ["subnet-0a10", "subnet-0a11"]

  scaling_config {
    min_size     = 1
    max_size     = 3
    desired_size = 2
  }
}
