# No chart version: Helm installs whatever the repository serves, so
# whether settings.aws.defaultInstanceProfile is still read is a guess.
resource "helm_release" "karpenter" {
  name       = "karpenter"
  namespace  = "karpenter"
  repository = "https://charts.karpenter.sh"
  chart      = "karpenter"

  values = [<<-YAML
    settings:
      aws:
        clusterName: payments
        defaultInstanceProfile: ${aws_iam_instance_profile.batch.name} # want FL102:warning `instance profile "payments-batch" \(aws_iam_instance_profile.batch\) is used by Karpenter chart settings`
  YAML
  ]
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
