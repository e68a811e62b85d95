# Karpenter before v0.33: the default instance profile is a chart value.
resource "helm_release" "karpenter" {
  name             = "karpenter"
  namespace        = "karpenter"
  create_namespace = true
  repository       = "oci://public.ecr.aws/karpenter"
  chart            = "karpenter"
  version          = "v0.31.4"

  set {
    name  = "settings.aws.clusterName"
    value = "prod"
  }
  set {
    name  = "settings.aws.defaultInstanceProfile"
    value = aws_iam_instance_profile.workers.name # want FL102:error `instance profile "prod-workers" \(aws_iam_instance_profile.workers\) is used by Karpenter chart settings \(helm_release.karpenter\) and also by self-managed node group aws_autoscaling_group.workers`
  }
}

resource "aws_iam_instance_profile" "workers" {
  name = "prod-workers"
  role = "prod-workers"
}

resource "aws_launch_template" "workers" {
  name = "prod-workers"

  iam_instance_profile {
    name = aws_iam_instance_profile.workers.name
  }
}

resource "aws_autoscaling_group" "workers" {
  name     = "prod-workers"
  min_size = 1
  max_size = 4

  launch_template {
    id = aws_launch_template.workers.id
  }
}
