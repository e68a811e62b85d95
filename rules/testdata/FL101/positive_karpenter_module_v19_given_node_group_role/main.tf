# The ledger cluster is on eks v19. Karpenter's submodule is handed the
# core node group's role, and builds its default instance profile
# (create_instance_profile defaults to true in v19) around it.
module "eks" {
  source  = "terraform-aws-modules/eks/aws"
  version = "~> 19.15"

  cluster_name    = "ledger"
  cluster_version = "1.27"
  vpc_id          = "vpc-0d2e3f4a5b6c7d8e9"
  subnet_ids      = ["subnet-0c2d3e4f5a6b7c8d9", "subnet-0e3f4a5b6c7d8e9f0"]

  eks_managed_node_groups = {
    core = {
      instance_types = ["m5.large"]
      min_size       = 2
      max_size       = 4
      desired_size   = 2
    }
  }
}

module "karpenter" {
  source  = "terraform-aws-modules/eks/aws//modules/karpenter"
  version = "19.21.0"

  cluster_name = module.eks.cluster_name

  irsa_oidc_provider_arn          = module.eks.oidc_provider_arn
  irsa_namespace_service_accounts = ["karpenter:karpenter"]

  create_iam_role = false
  iam_role_arn    = module.eks.eks_managed_node_groups["core"].iam_role_arn # want FL101:warning `IAM role .*eks_managed_node_group\["core"\].* is used by the karpenter module module.karpenter and also by managed node group` FL104:warning `uses node role .*, which node-group module .* creates together with`
}
