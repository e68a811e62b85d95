resource "aws_iam_role" "workers" {
  name = "platform-workers"
  assume_role_policy = jsonencode({
    Version   = "2012-10-17"
    Statement = [{ Effect = "Allow", Action = "sts:AssumeRole", Principal = { Service = "ec2.amazonaws.com" } }]
  })
}

resource "aws_eks_node_group" "system" {
  cluster_name  = "platform"
  node_role_arn = aws_iam_role.workers.arn
  subnet_ids    = ["subnet-0a1b2c3d4e5f60718"]
  scaling_config {
    desired_size = 2
    max_size     = 3
    min_size     = 2
  }
}

# The node class is applied through Terraform: it is one object, told once,
# at the line of the file that names the role.
resource "kubernetes_manifest" "node_class" {
  manifest = yamldecode(file("${path.module}/manifests/node-class.yaml"))
}
