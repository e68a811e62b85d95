# The payroll cluster (eks module v19) hands Karpenter the node role of
# its "system" managed node group. Someone pasted that role's name from
# the console into the node class: the group's name prefix and the suffix
# Terraform added when it created the role. The class may well name this
# role, but nothing in the tree proves it.
module "eks" {
  source  = "terraform-aws-modules/eks/aws"
  version = "19.21.0"

  cluster_name = "payroll"
  vpc_id       = "vpc-04d2c6a8e1f3b5d79"
  subnet_ids   = ["subnet-04a1b2c3d4e5f6a7b", "subnet-09f8e7d6c5b4a3f2e"]

  eks_managed_node_groups = {
    system = {
      instance_types = ["m7i.large"]
      min_size       = 2
      max_size       = 4
      desired_size   = 2
    }
  }
}

module "karpenter" {
  source  = "terraform-aws-modules/eks/aws//modules/karpenter"
  version = "19.21.0"

  cluster_name           = module.eks.cluster_name
  irsa_oidc_provider_arn = module.eks.oidc_provider_arn

  create_iam_role = false
  iam_role_arn    = module.eks.eks_managed_node_groups["system"].iam_role_arn # want FL101:warning `is used by the karpenter module module.karpenter and also by managed node group` FL104:warning `uses node role .*, which node-group module .* creates together with`
}
