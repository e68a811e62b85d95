# The controller in "karpenter" runs with an older role the team kept;
# the Karpenter module's own controller role is bound, by its default
# association, to kube-system/karpenter, where nothing runs: the
# permissions the module grants never reach the controller.
module "karpenter" { # want FL206 `binds IAM role module.karpenter.aws_iam_role.controller\[0\] to service account kube-system/karpenter, but nothing in namespace kube-system runs as "karpenter"`
  source  = "terraform-aws-modules/eks/aws//modules/karpenter"
  version = "~> 21.0"

  cluster_name = "ledger"
}

resource "aws_eks_pod_identity_association" "karpenter" {
  cluster_name    = "ledger"
  namespace       = "karpenter"
  service_account = "karpenter"
  role_arn        = aws_iam_role.karpenter_legacy.arn
}

resource "aws_iam_role" "karpenter_legacy" {
  name = "ledger-karpenter-legacy"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Principal = { Service = "pods.eks.amazonaws.com" }
      Action    = ["sts:AssumeRole", "sts:TagSession"]
    }]
  })
}
