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

resource "aws_eks_node_group" "system" {
  cluster_name    = "ledger"
  node_group_name = "system"
  node_role_arn   = aws_iam_role.workers.arn
  subnet_ids      = ["subnet-0beef0001", "subnet-0beef0002"]

  scaling_config {
    desired_size = 2
    max_size     = 3
    min_size     = 2
  }
}

output "worker_role_arn" {
  value = aws_iam_role.workers.arn
}
