variable "cluster_name" {
  type    = string
  default = "ledger"
}

resource "aws_eks_cluster" "main" {
  name     = var.cluster_name
  role_arn = "arn:aws:iam::112233445566:role/ledger-cluster"

  vpc_config {
    subnet_ids = ["subnet-0a7", "subnet-0b7"]
  }
}

resource "aws_iam_role" "workers" {
  name = "${var.cluster_name}-workers"
  assume_role_policy = jsonencode({
    Version   = "2012-10-17"
    Statement = [{ Effect = "Allow", Principal = { Service = "ec2.amazonaws.com" }, Action = "sts:AssumeRole" }]
  })
}

resource "aws_eks_node_group" "core" {
  cluster_name    = aws_eks_cluster.main.name
  node_group_name = "core"
  node_role_arn   = aws_iam_role.workers.arn
  subnet_ids      = ["subnet-0a7", "subnet-0b7"]

  scaling_config {
    min_size     = 2
    max_size     = 4
    desired_size = 2
  }
}
