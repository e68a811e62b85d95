terraform {
  backend "s3" {}
}

resource "aws_iam_role" "workers" {
  name = "analytics-workers"
  assume_role_policy = jsonencode({
    Version   = "2012-10-17"
    Statement = [{ Effect = "Allow", Principal = { Service = "ec2.amazonaws.com" }, Action = "sts:AssumeRole" }]
  })
}

resource "aws_iam_instance_profile" "workers" {
  name = "analytics-workers"
  role = aws_iam_role.workers.name
}

resource "aws_iam_role" "karpenter_nodes" {
  name = "analytics-karpenter-nodes"
  assume_role_policy = jsonencode({
    Version   = "2012-10-17"
    Statement = [{ Effect = "Allow", Principal = { Service = "ec2.amazonaws.com" }, Action = "sts:AssumeRole" }]
  })
}

resource "aws_iam_instance_profile" "karpenter_nodes" {
  name = "analytics-karpenter-nodes"
  role = aws_iam_role.karpenter_nodes.name
}

resource "aws_eks_cluster" "analytics" {
  name     = "analytics"
  role_arn = "arn:aws:iam::123456789012:role/analytics-cluster"
  vpc_config {
    subnet_ids = ["subnet-0c1", "subnet-0c2"]
  }
}

resource "aws_eks_node_group" "system" {
  cluster_name    = aws_eks_cluster.analytics.name
  node_group_name = "system"
  node_role_arn   = aws_iam_role.workers.arn
  subnet_ids      = ["subnet-0c1", "subnet-0c2"]
  scaling_config {
    desired_size = 2
    max_size     = 3
    min_size     = 2
  }
}

# The chart's default profile is still the node group's, left from the
# first install; Karpenter (before v0.32) uses it only for a node template
# that names no profile or launch template of its own.
resource "helm_release" "karpenter" {
  name       = "karpenter"
  namespace  = "karpenter"
  repository = "oci://public.ecr.aws/karpenter"
  chart      = "karpenter"
  version    = "v0.31.3"

  set {
    name  = "settings.aws.clusterName"
    value = aws_eks_cluster.analytics.name
  }
  set {
    name  = "settings.aws.defaultInstanceProfile"
    value = aws_iam_instance_profile.workers.name # want FL101:error `IAM role "analytics-workers" \(aws_iam_role.workers\) is used by Karpenter chart settings \(helm_release.karpenter\)`
  }
}
