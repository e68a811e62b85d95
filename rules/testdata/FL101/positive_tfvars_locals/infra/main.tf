provider "aws" {
  region = "us-east-1"
}

locals {
  prefix    = "${var.environment}-${var.cluster_name}"
  node_role = "${local.prefix}-nodes"
}

resource "aws_iam_role" "nodes" {
  name = local.node_role
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRole"
      Principal = { Service = "ec2.amazonaws.com" }
    }]
  })
}

resource "aws_eks_node_group" "system" {
  cluster_name    = var.cluster_name
  node_group_name = "system"
  node_role_arn   = aws_iam_role.nodes.arn
  subnet_ids      = ["subnet-0a1b2c3d"]

  scaling_config {
    desired_size = 2
    max_size     = 3
    min_size     = 1
  }
}
