variable "cluster" {
  type = string
}

resource "aws_iam_role" "nodes" {
  name = "${var.cluster}-nodes"
  assume_role_policy = jsonencode({
    Version   = "2012-10-17"
    Statement = [{ Effect = "Allow", Action = "sts:AssumeRole", Principal = { Service = "ec2.amazonaws.com" } }]
  })
}

resource "aws_eks_node_group" "system" {
  cluster_name  = var.cluster
  node_role_arn = aws_iam_role.nodes.arn
  subnet_ids    = ["subnet-0d1", "subnet-0d2"]
  scaling_config {
    desired_size = 2
    max_size     = 3
    min_size     = 2
  }
}

# Terragrunt runs Terraform in a copy of this module: the path is the
# module's manifests/ directory.
resource "kubectl_manifest" "node_class" {
  yaml_body = templatefile("manifests/nodeclass.yaml", { role = aws_iam_role.nodes.name, cluster = var.cluster })
}
