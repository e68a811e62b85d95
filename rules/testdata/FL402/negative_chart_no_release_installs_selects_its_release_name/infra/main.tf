terraform {
  backend "s3" {}
}

resource "aws_eks_cluster" "ingest" {
  name     = "ingest"
  role_arn = "arn:aws:iam::123456789012:role/ingest-cluster"

  vpc_config {
    subnet_ids = ["subnet-0e5", "subnet-0e6"]
  }
}

resource "aws_eks_node_group" "tenant_a" {
  cluster_name    = aws_eks_cluster.ingest.name
  node_group_name = "tenant-a"
  node_role_arn   = "arn:aws:iam::123456789012:role/ingest-nodes"
  subnet_ids      = ["subnet-0e5", "subnet-0e6"]
  labels          = { tenant = "tenant-a" }

  scaling_config {
    min_size     = 1
    max_size     = 3
    desired_size = 1
  }
}
