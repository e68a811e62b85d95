resource "aws_iam_role" "nodes" {
  name = "platform-nodes"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Principal = { Service = "ec2.amazonaws.com" }
      Action    = "sts:AssumeRole"
    }]
  })
}

resource "aws_eks_node_group" "core" {
  cluster_name    = "platform"
  node_group_name = "core"
  node_role_arn   = aws_iam_role.nodes.arn
  subnet_ids      = ["subnet-0c1d2e3f4a5b6c7d8"]

  scaling_config {
    desired_size = 2
    max_size     = 4
    min_size     = 2
  }
}
