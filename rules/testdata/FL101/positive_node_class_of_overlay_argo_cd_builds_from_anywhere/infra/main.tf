resource "aws_iam_role" "nodes" {
  name = "atlas-prod-nodes"
  assume_role_policy = jsonencode({
    Version   = "2012-10-17"
    Statement = [{ Effect = "Allow", Action = "sts:AssumeRole", Principal = { Service = "ec2.amazonaws.com" } }]
  })
}

resource "aws_eks_node_group" "system" {
  cluster_name  = "atlas-prod"
  node_role_arn = aws_iam_role.nodes.arn
  subnet_ids    = ["subnet-0d1e2f3a4b5c6d7e8"]
  scaling_config {
    desired_size = 2
    max_size     = 3
    min_size     = 2
  }
}
