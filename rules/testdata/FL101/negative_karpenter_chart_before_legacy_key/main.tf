# An early Karpenter install: chart 0.5.4 has no aws.defaultInstanceProfile
# value (the chart first reads it in 0.5.6), so the profile set below
# reaches no Karpenter node; the provisioner names its own profile.
resource "aws_iam_role" "workers" {
  name = "shop-workers"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRole"
      Principal = { Service = "ec2.amazonaws.com" }
    }]
  })
}

resource "aws_eks_node_group" "workers" {
  cluster_name    = "shop"
  node_group_name = "workers"
  node_role_arn   = aws_iam_role.workers.arn
  subnet_ids      = ["subnet-0a1", "subnet-0b2"]

  scaling_config {
    desired_size = 2
    max_size     = 4
    min_size     = 2
  }
}

resource "aws_iam_instance_profile" "workers" {
  name = "shop-workers"
  role = aws_iam_role.workers.name
}

resource "helm_release" "karpenter" {
  name       = "karpenter"
  namespace  = "karpenter"
  repository = "https://charts.karpenter.sh"
  chart      = "karpenter"
  version    = "0.5.4"

  set {
    name  = "controller.clusterName"
    value = "shop"
  }
  set {
    name  = "aws.defaultInstanceProfile"
    value = aws_iam_instance_profile.workers.name
  }
}
