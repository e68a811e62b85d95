# The Karpenter module (v21) creates its own Pod Identity association for
# kube-system/karpenter, but the chart runs in the "karpenter" namespace;
# the team binds the module's controller role there with an association
# of its own. The module's association is a leftover, not a failure: the
# controller gets its credentials.
module "karpenter" {
  source  = "terraform-aws-modules/eks/aws//modules/karpenter"
  version = "~> 21.0"

  cluster_name = "ledger"
}

resource "aws_eks_pod_identity_association" "karpenter" {
  cluster_name    = "ledger"
  namespace       = "karpenter"
  service_account = "karpenter"
  role_arn        = module.karpenter.iam_role_arn
}
