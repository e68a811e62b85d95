# The batch cluster keeps a managed node group of small instances.
resource "aws_eks_cluster" "batch" {
  name     = "batch"
  role_arn = "arn:aws:iam::444455556666:role/batch-cluster"

  vpc_config {
    subnet_ids = ["subnet-0b1", "subnet-0b2"]
  }
}

resource "aws_eks_node_group" "small" {
  cluster_name    = aws_eks_cluster.batch.name
  node_group_name = "small"
  node_role_arn   = "arn:aws:iam::444455556666:role/batch-nodes"
  subnet_ids      = ["subnet-0b1", "subnet-0b2"]
  instance_types  = ["t3.medium"]

  scaling_config {
    desired_size = 2
    max_size     = 3
    min_size     = 1
  }
}
