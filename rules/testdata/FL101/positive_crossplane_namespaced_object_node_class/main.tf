resource "aws_iam_role" "nodes" {
  name = "analytics-nodes"
  assume_role_policy = jsonencode({
    Version   = "2012-10-17"
    Statement = [{ Effect = "Allow", Action = "sts:AssumeRole", Principal = { Service = "ec2.amazonaws.com" } }]
  })
}

resource "aws_eks_node_group" "core" {
  cluster_name  = "analytics"
  node_role_arn = aws_iam_role.nodes.arn
  subnet_ids    = ["subnet-0c1d2e3f4a5b60718"]
  scaling_config {
    desired_size = 2
    max_size     = 4
    min_size     = 2
  }
}
