# The team moved Karpenter to chart 0.37 and kept the old profile setting.
# Since v0.33 the chart no longer reads settings.aws.*: the value is
# dropped and nodes get their identity from the EC2NodeClass role.
resource "helm_release" "karpenter" {
  name       = "karpenter"
  namespace  = "kube-system"
  repository = "oci://public.ecr.aws/karpenter"
  chart      = "karpenter"
  version    = "0.37.0"

  set {
    name  = "settings.clusterName"
    value = "orders"
  }
  set {
    name  = "settings.aws.defaultInstanceProfile" # want FL502:warning `helm_release.karpenter sets value settings.aws.defaultInstanceProfile, which chart karpenter 0.37.0 never reads`
    value = aws_iam_instance_profile.workers.name
  }
}

resource "aws_iam_instance_profile" "workers" {
  name = "orders-workers"
  role = "orders-workers"
}

resource "aws_launch_template" "workers" {
  name = "orders-workers"
  iam_instance_profile {
    name = aws_iam_instance_profile.workers.name
  }
}

resource "aws_autoscaling_group" "workers" {
  name     = "orders-workers"
  min_size = 1
  max_size = 4
  launch_template {
    id = aws_launch_template.workers.id
  }
}
