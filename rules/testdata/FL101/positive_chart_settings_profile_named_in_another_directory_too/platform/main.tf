terraform {
  backend "s3" {}
}

resource "aws_eks_cluster" "core" {
  name     = "core"
  role_arn = "arn:aws:iam::787878787878:role/core-cluster"

  vpc_config {
    subnet_ids = ["subnet-0f71", "subnet-0f72"]
  }
}

resource "aws_iam_role" "nodes" {
  name = "core-nodes"
  assume_role_policy = jsonencode({
    Version   = "2012-10-17"
    Statement = [{ Effect = "Allow", Action = "sts:AssumeRole", Principal = { Service = "ec2.amazonaws.com" } }]
  })
}

resource "aws_eks_node_group" "system" {
  cluster_name    = aws_eks_cluster.core.name
  node_group_name = "system"
  node_role_arn   = aws_iam_role.nodes.arn
  subnet_ids      = ["subnet-0f71", "subnet-0f72"]

  scaling_config {
    min_size     = 2
    max_size     = 3
    desired_size = 2
  }
}

# Karpenter's nodes get the node groups' role through this profile.
resource "aws_iam_instance_profile" "karpenter" {
  name = "KarpenterNodeInstanceProfile-core"
  role = aws_iam_role.nodes.name
}

resource "helm_release" "karpenter" {
  name       = "karpenter"
  namespace  = "karpenter"
  repository = "https://charts.karpenter.sh"
  chart      = "karpenter"
  version    = "0.16.3"

  set {
    name  = "clusterName"
    value = aws_eks_cluster.core.name
  }

  set {
    name  = "aws.defaultInstanceProfile"
    value = aws_iam_instance_profile.karpenter.name # want FL101 `IAM role "core-nodes" \(aws_iam_role.nodes\) is used by Karpenter chart settings \(helm_release.karpenter\) and also by managed node group aws_eks_node_group.system`
  }
}
