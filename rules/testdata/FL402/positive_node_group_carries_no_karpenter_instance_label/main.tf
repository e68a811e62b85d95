resource "aws_eks_cluster" "ingest" {
  name     = "ingest"
  role_arn = "arn:aws:iam::111122223333:role/ingest-cluster"

  vpc_config {
    subnet_ids = ["subnet-0aa11", "subnet-0bb22"]
  }
}

# Graviton burstable nodes; EKS labels them with their instance type and
# architecture, never with Karpenter's karpenter.k8s.aws/ labels.
resource "aws_eks_node_group" "base" {
  cluster_name    = aws_eks_cluster.ingest.name
  node_group_name = "base"
  node_role_arn   = "arn:aws:iam::111122223333:role/ingest-nodes"
  subnet_ids      = ["subnet-0aa11", "subnet-0bb22"]
  instance_types  = ["t4g.large"]
  ami_type        = "AL2023_ARM_64_STANDARD"

  scaling_config {
    desired_size = 2
    max_size     = 4
    min_size     = 2
  }
}
