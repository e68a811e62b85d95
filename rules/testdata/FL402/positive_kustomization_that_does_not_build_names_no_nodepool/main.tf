terraform {
  backend "s3" {}
}

resource "aws_eks_cluster" "analytics" {
  name     = "analytics"
  role_arn = "arn:aws:iam::550193827461:role/analytics-control-plane"
  vpc_config {
    subnet_ids = ["subnet-0a7b8c9d0e1f2a301"]
  }
}

resource "aws_eks_node_group" "system" {
  cluster_name    = aws_eks_cluster.analytics.name
  node_group_name = "system"
  node_role_arn   = "arn:aws:iam::550193827461:role/analytics-nodes"
  subnet_ids      = ["subnet-0a7b8c9d0e1f2a301"]
  labels          = { tier = "system" }
  scaling_config {
    desired_size = 2
    min_size     = 2
    max_size     = 3
  }
}
