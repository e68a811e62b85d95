resource "aws_iam_role" "karpenter_node" {
  name = "platform-karpenter-node"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Principal = { Service = "ec2.amazonaws.com" }
      Action    = "sts:AssumeRole"
    }]
  })
}

# The old worker group, kept until every workload has moved to Karpenter.
resource "aws_eks_node_group" "workers" {
  count = var.create_workers ? 1 : 0

  cluster_name    = "platform"
  node_group_name = "workers-${count.index}"
  node_role_arn   = aws_iam_role.karpenter_node.arn
  subnet_ids      = ["subnet-0c4d1e2f3a4b5c6d7"]

  scaling_config {
    desired_size = 2
    max_size     = 4
    min_size     = 1
  }
}
