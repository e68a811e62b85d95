variable "name" {
  type    = string
  default = "orders"
}

resource "aws_iam_role" "node" {
  name = "${var.name}-eks-node"
  assume_role_policy = jsonencode({
    Version   = "2012-10-17"
    Statement = [{ Effect = "Allow", Action = "sts:AssumeRole", Principal = { Service = "ec2.amazonaws.com" } }]
  })
}

resource "aws_eks_node_group" "base" {
  cluster_name  = var.name
  node_role_arn = aws_iam_role.node.arn
  subnet_ids    = ["subnet-0f1e2d3c4b5a69788"]
  scaling_config {
    desired_size = 2
    max_size     = 2
    min_size     = 2
  }
}

resource "kubernetes_config_map_v1" "settings" {
  metadata {
    name      = "cluster-settings"
    namespace = "flux-system"
  }
  data = {
    KARPENTER_NODE_ROLE = aws_iam_role.node.name
  }
}
