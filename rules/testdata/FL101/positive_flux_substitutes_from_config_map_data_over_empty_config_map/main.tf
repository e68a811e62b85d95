locals {
  cluster = "billing"
}

resource "aws_iam_role" "workers" {
  name = "${local.cluster}-workers"
  assume_role_policy = jsonencode({
    Version   = "2012-10-17"
    Statement = [{ Effect = "Allow", Action = "sts:AssumeRole", Principal = { Service = "ec2.amazonaws.com" } }]
  })
}

resource "aws_eks_node_group" "system" {
  cluster_name  = local.cluster
  node_role_arn = aws_iam_role.workers.arn
  subnet_ids    = ["subnet-0a1b2c3d4e5f60718"]
  scaling_config {
    desired_size = 2
    max_size     = 4
    min_size     = 2
  }
}

# An empty ConfigMap Terraform makes once and leaves alone ...
resource "kubernetes_config_map_v1" "settings" {
  metadata {
    name      = "cluster-settings"
    namespace = "flux-system"
  }
  data = {}
  lifecycle {
    ignore_changes = all
  }
}

# ... and the keys it then writes into it.
resource "kubernetes_config_map_v1_data" "settings" {
  metadata {
    name      = kubernetes_config_map_v1.settings.metadata[0].name
    namespace = "flux-system"
  }
  data = {
    worker_role = aws_iam_role.workers.name
  }
  force = true
}
