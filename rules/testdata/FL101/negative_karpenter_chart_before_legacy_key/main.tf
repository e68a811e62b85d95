# An early Karpenter install: chart 0.5.4 has no aws.defaultInstanceProfile
# value (the chart first reads it in 0.5.6), so the profile set below
# reaches no Karpenter node; the provisioner names its own profile.
data "aws_iam_policy_document" "ec2_trust" {
  statement {
    actions = ["sts:AssumeRole"]
    principals {
      type        = "Service"
      identifiers = ["ec2.amazonaws.com"]
    }
  }
}

resource "aws_iam_role" "workers" {
  name               = "shop-workers"
  assume_role_policy = data.aws_iam_policy_document.ec2_trust.json
}

resource "aws_eks_node_group" "workers" {
  node_group_name = "workers"
  cluster_name    = "shop"
  node_role_arn   = aws_iam_role.workers.arn
  instance_types  = ["m6a.large"]
  subnet_ids      = ["subnet-0a1", "subnet-0b2"]
  scaling_config {
    min_size     = 2
    desired_size = 2
    max_size     = 4
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
