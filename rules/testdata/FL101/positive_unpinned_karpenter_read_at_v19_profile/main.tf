# The karpenter submodule is called without a version constraint, with
# v19's inputs: terraform init would install the newest release, which
# refuses them, so the call is read at v19, the newest that takes them,
# and what rests on that reading (the instance profile around the node
# group's role) is one severity lower.
module "eks_managed_node_group" {
  source  = "terraform-aws-modules/eks/aws//modules/eks-managed-node-group"
  version = "~> 19.15"

  name         = "initial"
  cluster_name = "checkout"
  subnet_ids   = ["subnet-0c4d1e2f3a4b5c6d7", "subnet-0e8f9a0b1c2d3e4f5"]

  instance_types = ["m6i.large"]
  min_size       = 2
  max_size       = 4
  desired_size   = 2
}

module "karpenter" {
  source = "terraform-aws-modules/eks/aws//modules/karpenter"

  cluster_name           = "checkout"
  irsa_oidc_provider_arn = "arn:aws:iam::345678901234:oidc-provider/oidc.eks.us-east-2.amazonaws.com/id/7F3E2D1C0B9A88776655443322110FED"

  create_iam_role = false
  iam_role_arn    = module.eks_managed_node_group.iam_role_arn
}

resource "helm_release" "karpenter" {
  name             = "karpenter"
  namespace        = "karpenter"
  create_namespace = true
  repository       = "oci://public.ecr.aws/karpenter"
  chart            = "karpenter"
  version          = "v0.27.5"

  set {
    name  = "serviceAccount.annotations.eks\\.amazonaws\\.com/role-arn"
    value = module.karpenter.irsa_arn
  }

  set {
    name  = "settings.aws.clusterName"
    value = "checkout"
  }

  set {
    name  = "settings.aws.defaultInstanceProfile"
    value = module.karpenter.instance_profile_name # want FL101:warning `IAM role module\.eks_managed_node_group\.aws_iam_role\.this\[0\] is used by Karpenter chart settings \(helm_release\.karpenter\) and also by managed node group module\.eks_managed_node_group\.aws_eks_node_group\.this\[0\]`
  }
}
