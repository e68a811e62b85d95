# One node role for the system node group and Karpenter's nodes, as the
# migration guide allows once access entries are in place: the cluster
# reads access entries only, and the role's EC2_LINUX entry is this
# tree's, not the one EKS makes for the group, so deleting the group
# leaves it (and Karpenter makes its own instance profile from spec.role).
resource "aws_iam_role" "nodes" {
  name = "ledger-nodes"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRole"
      Principal = { Service = "ec2.amazonaws.com" }
    }]
  })
}

resource "aws_eks_cluster" "ledger" {
  name     = "ledger"
  role_arn = "arn:aws:iam::123456789012:role/ledger-cluster"

  vpc_config {
    subnet_ids = ["subnet-0a1b2c3d4e5f60718", "subnet-0f1e2d3c4b5a69788"]
  }

  access_config {
    authentication_mode = "API"
  }
}

resource "aws_eks_access_entry" "nodes" {
  cluster_name  = aws_eks_cluster.ledger.name
  principal_arn = aws_iam_role.nodes.arn
  type          = "EC2_LINUX"
}

resource "aws_eks_node_group" "system" {
  cluster_name    = aws_eks_cluster.ledger.name
  node_group_name = "system"
  node_role_arn   = aws_iam_role.nodes.arn
  subnet_ids      = ["subnet-0a1b2c3d4e5f60718", "subnet-0f1e2d3c4b5a69788"]

  scaling_config {
    desired_size = 2
    max_size     = 3
    min_size     = 2
  }

  depends_on = [aws_eks_access_entry.nodes]
}

resource "kubectl_manifest" "node_class" {
  yaml_body = yamlencode({
    apiVersion = "karpenter.k8s.aws/v1"
    kind       = "EC2NodeClass"
    metadata   = { name = "default" }
    spec = {
      amiSelectorTerms           = [{ alias = "al2023@latest" }]
      role                       = aws_iam_role.nodes.name
      subnetSelectorTerms        = [{ tags = { "karpenter.sh/discovery" = "ledger" } }]
      securityGroupSelectorTerms = [{ tags = { "karpenter.sh/discovery" = "ledger" } }]
    }
  })
}
