variable "batch_groups" {
  description = "How many batch node groups this account runs (one per capacity reservation)"
  type        = number
}

resource "aws_iam_role" "batch" {
  name = "batch-nodes"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Principal = { Service = "ec2.amazonaws.com" }
      Action    = "sts:AssumeRole"
    }]
  })
}

resource "aws_eks_node_group" "batch" {
  count = var.batch_groups

  cluster_name    = "analytics"
  node_group_name = "batch-${count.index}"
  node_role_arn   = aws_iam_role.batch.arn
  subnet_ids      = ["subnet-0123abcd4567ef890"]

  scaling_config {
    desired_size = 0
    max_size     = 20
    min_size     = 0
  }
}
