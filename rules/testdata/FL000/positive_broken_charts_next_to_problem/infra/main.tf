resource "aws_eks_node_group" "system" {
  cluster_name    = "prod"
  node_group_name = "system"
  node_role_arn   = "arn:aws:iam::111122223333:role/prod-nodes"
  subnet_ids      = ["subnet-1"]

  scaling_config {
    desired_size = 1
    max_size     = 1
    min_size     = 1
  }
}
