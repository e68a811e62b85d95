variable "cluster_name" {
  type = string
}

variable "role_name" {
  type = string
}

variable "env" {
  type = string
}

resource "aws_iam_role" "nodes" {
  name = var.role_name
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRole"
      Principal = { Service = "ec2.amazonaws.com" }
    }]
  })
}

resource "aws_eks_node_group" "this" {
  cluster_name    = var.cluster_name
  node_group_name = "general-${var.env}"
  node_role_arn   = aws_iam_role.nodes.arn
  subnet_ids      = ["subnet-0c1d2e3f4a5b6c7d8"]

  scaling_config {
    desired_size = 2
    max_size     = 4
    min_size     = 2
  }
}
