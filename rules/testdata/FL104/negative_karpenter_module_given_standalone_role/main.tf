# Karpenter's nodes get a role of their own, made outside any node-group
# module: removing a node group leaves it alone.
resource "aws_iam_role" "karpenter_nodes" {
  name = "orders-karpenter-nodes"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRole"
      Principal = { Service = "ec2.amazonaws.com" }
    }]
  })
}

module "karpenter" {
  source  = "terraform-aws-modules/eks/aws//modules/karpenter"
  version = "20.8.4"

  cluster_name         = "orders"
  create_node_iam_role = false
  node_iam_role_arn    = aws_iam_role.karpenter_nodes.arn
}
