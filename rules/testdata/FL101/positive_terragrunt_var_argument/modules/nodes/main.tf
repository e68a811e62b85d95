variable "role_name" {
  type    = string
  default = "nodes"
}

resource "aws_iam_role" "nodes" {
  name = var.role_name
  assume_role_policy = jsonencode({
    Version   = "2012-10-17"
    Statement = [{ Effect = "Allow", Action = "sts:AssumeRole", Principal = { Service = "ec2.amazonaws.com" } }]
  })
}

resource "aws_eks_node_group" "general" {
  cluster_name    = "qa"
  node_group_name = "general"
  node_role_arn   = aws_iam_role.nodes.arn
  subnet_ids      = ["subnet-0e1f2a3b4c5d6e7f8"]

  scaling_config {
    desired_size = 1
    min_size     = 1
    max_size     = 3
  }
}
