resource "aws_eks_cluster" "reports" {
  name     = "reports"
  role_arn = "arn:aws:iam::111122223333:role/reports-cluster"

  vpc_config {
    subnet_ids = ["subnet-0a1b2c3d4e5f60718", "subnet-0f1e2d3c4b5a69788"]
  }
}

resource "aws_eks_node_group" "batch" {
  cluster_name    = aws_eks_cluster.reports.name
  node_group_name = "batch"
  node_role_arn   = "arn:aws:iam::111122223333:role/reports-nodes"
  subnet_ids      = ["subnet-0a1b2c3d4e5f60718"]
  instance_types  = ["c6i.xlarge"]
  labels          = { workload = "batch" }

  taint {
    key    = "dedicated"
    value  = "batch"
    effect = "NO_SCHEDULE"
  }

  scaling_config {
    desired_size = 1
    max_size     = 4
    min_size     = 0
  }
}
