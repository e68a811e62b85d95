variable "name" {
  type = string
}

resource "aws_iam_role" "control_plane" {
  name = "${var.name}-control-plane"
  assume_role_policy = jsonencode({
    Version   = "2012-10-17"
    Statement = [{ Effect = "Allow", Principal = { Service = "eks.amazonaws.com" }, Action = "sts:AssumeRole" }]
  })
}

resource "aws_iam_role" "workers" {
  name = "${var.name}-workers"
  assume_role_policy = jsonencode({
    Version   = "2012-10-17"
    Statement = [{ Effect = "Allow", Principal = { Service = "ec2.amazonaws.com" }, Action = "sts:AssumeRole" }]
  })
}

resource "aws_eks_cluster" "this" {
  name     = var.name
  role_arn = aws_iam_role.control_plane.arn
  vpc_config {
    subnet_ids = ["subnet-0d1e2f3a4b5c6d7e8", "subnet-0e2f3a4b5c6d7e8f9"]
  }
}

resource "aws_eks_node_group" "system" {
  cluster_name    = aws_eks_cluster.this.name
  node_group_name = "system"
  node_role_arn   = aws_iam_role.workers.arn
  subnet_ids      = ["subnet-0d1e2f3a4b5c6d7e8", "subnet-0e2f3a4b5c6d7e8f9"]
  scaling_config {
    desired_size = 2
    max_size     = 3
    min_size     = 2
  }
}
