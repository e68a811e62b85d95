# The reporting service moved to .NET Framework and needs Windows nodes;
# the cluster only has the Amazon Linux groups it started with.
resource "aws_eks_cluster" "reports" {
  name     = "reports"
  role_arn = "arn:aws:iam::123456789012:role/reports-cluster"

  vpc_config {
    subnet_ids = ["subnet-0a1b2c3d4e5f60718", "subnet-0f1e2d3c4b5a69788"]
  }
}

resource "aws_eks_node_group" "general" {
  cluster_name    = aws_eks_cluster.reports.name
  node_group_name = "general"
  node_role_arn   = "arn:aws:iam::123456789012:role/reports-nodes"
  subnet_ids      = ["subnet-0a1b2c3d4e5f60718", "subnet-0f1e2d3c4b5a69788"]
  ami_type        = "AL2023_x86_64_STANDARD"
  instance_types  = ["m6i.xlarge"]

  scaling_config {
    min_size     = 2
    max_size     = 6
    desired_size = 2
  }
}

# No ami_type: EKS picks an Amazon Linux one.
resource "aws_eks_node_group" "batch" {
  cluster_name    = aws_eks_cluster.reports.name
  node_group_name = "batch"
  node_role_arn   = "arn:aws:iam::123456789012:role/reports-nodes"
  subnet_ids      = ["subnet-0a1b2c3d4e5f60718"]
  instance_types  = ["c6i.2xlarge"]

  scaling_config {
    min_size     = 0
    max_size     = 4
    desired_size = 0
  }
}
