resource "aws_eks_node_group" "legacy" {
  cluster_name    = "core"
  node_group_name = "legacy"
  node_role_arn   = "arn:aws:iam::111122223333:role/eks/core-legacy-nodes"
  subnet_ids      = ["subnet-1"]

  scaling_config {
    desired_size = 1
    max_size     = 1
    min_size     = 1
  }
}
