resource "aws_iam_role" "workers" {
  name = "ledger-workers"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRole"
      Principal = { Service = "ec2.amazonaws.com" }
    }]
  })
}

resource "aws_iam_role" "karpenter_node" {
  name = "ledger-karpenter-node"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRole"
      Principal = { Service = "ec2.amazonaws.com" }
    }]
  })
}

resource "aws_eks_node_group" "base" {
  cluster_name    = "ledger"
  node_group_name = "base"
  node_role_arn   = aws_iam_role.workers.arn
  subnet_ids      = ["subnet-0f1e2d3c4b5a69788"]

  scaling_config {
    desired_size = 2
    max_size     = 3
    min_size     = 2
  }
}
