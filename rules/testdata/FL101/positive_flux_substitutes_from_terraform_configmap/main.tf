variable "cluster_name" {
  type    = string
  default = "retail"
}

resource "aws_iam_role" "workers" {
  name = "${var.cluster_name}-workers"
  assume_role_policy = jsonencode({
    Version   = "2012-10-17"
    Statement = [{ Effect = "Allow", Action = "sts:AssumeRole", Principal = { Service = "ec2.amazonaws.com" } }]
  })
}

resource "aws_eks_node_group" "system" {
  cluster_name  = var.cluster_name
  node_role_arn = aws_iam_role.workers.arn
  subnet_ids    = ["subnet-0a1b2c3d4e5f60718"]
  scaling_config {
    desired_size = 2
    max_size     = 3
    min_size     = 2
  }
}

# Terraform bootstraps Flux and hands it the cluster's variables.
resource "kubectl_manifest" "cluster_vars" {
  yaml_body = <<-YAML
    apiVersion: v1
    kind: ConfigMap
    metadata:
      name: cluster-vars
      namespace: flux-system
    data:
      cluster_name: ${var.cluster_name}
  YAML
}
