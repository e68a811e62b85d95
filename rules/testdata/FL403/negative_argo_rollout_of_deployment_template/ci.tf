resource "aws_eks_cluster" "ci" {
  name     = "ci"
  role_arn = "arn:aws:iam::500600700800:role/ci-cluster"

  vpc_config {
    subnet_ids = ["subnet-0r1", "subnet-0r2"]
  }
}

# Build capacity, kept for the runners by a taint.
resource "aws_eks_node_group" "builders" {
  cluster_name    = aws_eks_cluster.ci.name
  node_group_name = "builders"
  node_role_arn   = "arn:aws:iam::500600700800:role/ci-nodes"
  subnet_ids      = ["subnet-0r1", "subnet-0r2"]
  instance_types  = ["c6i.2xlarge"]

  labels = {
    pool = "builders"
  }

  taint {
    key    = "dedicated"
    value  = "builders"
    effect = "NO_SCHEDULE"
  }

  scaling_config {
    min_size     = 0
    max_size     = 10
    desired_size = 1
  }
}
