resource "aws_iam_role" "nodes" {
  name = "prod-nodes"
}

resource "aws_eks_node_group" "general" {
  cluster_name  = aws_eks_cluster.this.name
  node_group_name = "general"
  subnet_ids    = var.subnets

  # the node role is shared with Karpenter
  tags = {}
  node_role_arn = aws_iam_role.nodes.arn
}

resource "aws_security_group" "nodes" {
  tags = {
    "karpenter.sh/discovery" = "prod"
  }
}
