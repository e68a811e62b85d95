locals {
  cluster = "ledger"
}

resource "aws_iam_role" "nodes" {
  name = "${local.cluster}-nodes"
  assume_role_policy = jsonencode({
    Version   = "2012-10-17"
    Statement = [{ Effect = "Allow", Action = "sts:AssumeRole", Principal = { Service = "ec2.amazonaws.com" } }]
  })
}

resource "aws_eks_node_group" "core" {
  cluster_name  = local.cluster
  node_role_arn = aws_iam_role.nodes.arn
  subnet_ids    = ["subnet-06c1d2e3f4a5b6c7d"]
  scaling_config {
    desired_size = 3
    max_size     = 5
    min_size     = 3
  }
}

# The ConfigMap exists (flux bootstrap made it); Terraform owns its keys.
resource "kubernetes_config_map_v1_data" "flux_vars" {
  metadata {
    name      = "platform-vars"
    namespace = "flux-system"
  }
  data = {
    node_role    = aws_iam_role.nodes.name
    cluster_name = local.cluster
  }
  force = true
}
