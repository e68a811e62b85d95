resource "aws_iam_role" "nodes" {
  name = "ledger-nodes"
  assume_role_policy = jsonencode({
    Version   = "2012-10-17"
    Statement = [{ Effect = "Allow", Principal = { Service = "ec2.amazonaws.com" }, Action = "sts:AssumeRole" }]
  })
}

# Always there: the system pool.
resource "aws_eks_node_group" "system" {
  cluster_name    = "ledger"
  node_group_name = "system"
  node_role_arn   = aws_iam_role.nodes.arn
  subnet_ids      = ["subnet-0a1b2c3d4e5f60718"]
  scaling_config {
    desired_size = 2
    max_size     = 3
    min_size     = 2
  }
}

# Only in environments that still run GPU batch jobs.
resource "aws_eks_node_group" "gpu" {
  count           = var.gpu_pool ? 1 : 0
  cluster_name    = "ledger"
  node_group_name = "gpu"
  node_role_arn   = aws_iam_role.nodes.arn
  subnet_ids      = ["subnet-0a1b2c3d4e5f60718"]
  scaling_config {
    desired_size = 0
    max_size     = 2
    min_size     = 0
  }
}

variable "gpu_pool" {
  type = bool
}
