terraform {
  backend "s3" {}
}

resource "aws_eks_node_group" "general" {
  cluster_name    = "harbor"
  node_group_name = "general"
  node_role_arn   = "arn:aws:iam::123456789012:role/harbor-nodes"
  subnet_ids      = ["subnet-0a9", "subnet-0b9"]

  scaling_config {
    min_size     = 2
    max_size     = 4
    desired_size = 2
  }
}
