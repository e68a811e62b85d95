resource "aws_iam_role" "nodes" {
  name = "harbor-nodes"
  assume_role_policy = jsonencode({
    Version   = "2012-10-17"
    Statement = [{ Effect = "Allow", Action = "sts:AssumeRole", Principal = { Service = "ec2.amazonaws.com" } }]
  })
}

resource "aws_eks_node_group" "base" {
  cluster_name  = "harbor"
  node_role_arn = aws_iam_role.nodes.arn
  subnet_ids    = ["subnet-0b2c3d4e5f6a7b8c9"]
  scaling_config {
    desired_size = 2
    max_size     = 3
    min_size     = 2
  }
}

# Terraform writes the node class into the repository Flux syncs; Flux
# applies it. Whether Flux syncs that path to this cluster is not in the
# tree, so the finding is inferred.
resource "github_repository_file" "node_class" {
  repository          = "harbor-gitops"
  branch              = "main"
  file                = "clusters/harbor/karpenter/node-class.yaml"
  content             = templatefile("${path.module}/templates/node-class.yaml", { node_role = aws_iam_role.nodes.name })
  overwrite_on_create = true
}

# A committed README is no manifest.
resource "github_repository_file" "readme" {
  repository = "harbor-gitops"
  file       = "clusters/harbor/README.md"
  content    = "Node classes are written by Terraform; edit templates/ instead.\n"
}
