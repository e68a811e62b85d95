# An upgrade to chart 0.37 left the old settings.aws block behind. Since
# v0.33 the chart no longer reads it: nodes take their identity from the
# EC2NodeClass role, so the profile below is not shared with Karpenter.
resource "helm_release" "karpenter" {
  name       = "karpenter"
  namespace  = "kube-system"
  repository = "oci://public.ecr.aws/karpenter"
  chart      = "karpenter"
  version    = "0.37.0"

  set {
    name  = "settings.clusterName"
    value = "payments"
  }
  set {
    name  = "settings.aws.defaultInstanceProfile" # want FL502 `sets value settings.aws.defaultInstanceProfile, which chart karpenter 0.37.0 never reads`
    value = aws_iam_instance_profile.batch.name
  }
}

resource "aws_iam_instance_profile" "batch" {
  name = "payments-batch"
  role = "payments-batch"
}

resource "aws_launch_template" "batch" {
  name = "payments-batch"
  iam_instance_profile {
    name = aws_iam_instance_profile.batch.name
  }
}

resource "aws_autoscaling_group" "batch" {
  name     = "payments-batch"
  min_size = 0
  max_size = 6
  launch_template {
    id = aws_launch_template.batch.id
  }
}
