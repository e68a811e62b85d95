# v19 layout from the karpenter submodule's README of the time: no node
# role of Karpenter's own; the submodule wraps the managed node group's
# role in an instance profile. The role lives in the node group's module
# instance and is destroyed with the group.
module "eks_managed_node_group" {
  source  = "terraform-aws-modules/eks/aws//modules/eks-managed-node-group"
  version = "~> 19.15"

  name         = "initial"
  cluster_name = "payroll"
  subnet_ids   = ["subnet-0a1b2c3d4e5f60718", "subnet-0f1e2d3c4b5a69788"]

  instance_types = ["m6i.large"]
  min_size       = 2
  max_size       = 3
  desired_size   = 2
}

module "karpenter" {
  source  = "terraform-aws-modules/eks/aws//modules/karpenter"
  version = "~> 19.15"

  cluster_name           = "payroll"
  irsa_oidc_provider_arn = "arn:aws:iam::210987654321:oidc-provider/oidc.eks.eu-north-1.amazonaws.com/id/0A1B2C3D4E5F60718293A4B5C6D7E8F9"

  create_iam_role = false
  iam_role_arn    = module.eks_managed_node_group.iam_role_arn
}

resource "helm_release" "karpenter" {
  name             = "karpenter"
  namespace        = "karpenter"
  create_namespace = true
  repository       = "oci://public.ecr.aws/karpenter"
  chart            = "karpenter"
  version          = "v0.29.2"

  set {
    name  = "settings.aws.clusterName"
    value = "payroll"
  }

  set {
    name  = "settings.aws.defaultInstanceProfile"
    value = module.karpenter.instance_profile_name # want FL104 `uses node role module\.eks_managed_node_group\.aws_iam_role\.this\[0\] \(through instance profile module\.karpenter\.aws_iam_instance_profile\.this\[0\]\), which node-group module module\.eks_managed_node_group creates together with module\.eks_managed_node_group\.aws_eks_node_group\.this\[0\]`
  }
}
