# The shared role itself exists only when the legacy pool is enabled.
resource "aws_iam_role" "legacy" {
  count = var.legacy_pool ? 1 : 0
  name  = "ledger-legacy-nodes"
  assume_role_policy = jsonencode({
    Version   = "2012-10-17"
    Statement = [{ Effect = "Allow", Principal = { Service = "ec2.amazonaws.com" }, Action = "sts:AssumeRole" }]
  })
}

resource "aws_eks_node_group" "legacy" {
  cluster_name    = "ledger"
  node_group_name = "legacy"
  node_role_arn   = "arn:aws:iam::444455556666:role/ledger-legacy-nodes"
  subnet_ids      = ["subnet-0a1b2c3d4e5f60718"]
  scaling_config {
    desired_size = 1
    max_size     = 2
    min_size     = 1
  }
}

variable "legacy_pool" {
  type = bool
}
