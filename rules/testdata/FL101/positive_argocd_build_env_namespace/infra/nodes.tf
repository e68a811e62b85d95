resource "aws_iam_role" "nodes" {
  name               = "prod-eks-nodes"
  assume_role_policy = "{}"
}

resource "aws_eks_node_group" "system" {
  cluster_name    = "prod"
  node_group_name = "system"
  node_role_arn   = aws_iam_role.nodes.arn
  subnet_ids      = ["subnet-1"]

  scaling_config {
    desired_size = 2
    max_size     = 3
    min_size     = 2
  }
}
