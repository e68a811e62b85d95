variable "cluster_name" {
  type = string
}

variable "node_role_name" {
  type = string
}

resource "aws_iam_role" "workers" {
  name = var.node_role_name
  assume_role_policy = jsonencode({
    Version   = "2012-10-17"
    Statement = [{ Effect = "Allow", Action = "sts:AssumeRole", Principal = { Service = "ec2.amazonaws.com" } }]
  })
}

resource "aws_eks_node_group" "workers" {
  cluster_name    = var.cluster_name
  node_group_name = "workers"
  node_role_arn   = aws_iam_role.workers.arn
  subnet_ids      = ["subnet-0c1d2e3f4a5b6c7d8"]

  scaling_config {
    desired_size = 2
    min_size     = 1
    max_size     = 4
  }
}
