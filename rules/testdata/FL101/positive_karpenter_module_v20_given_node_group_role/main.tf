# The billing cluster runs its system pods on one managed node group; when
# Karpenter was added its nodes were given the node group's role "so the
# existing access entry keeps working". The node classes are applied by a
# separate GitOps repository, so none is in this tree.
module "eks" {
  source  = "terraform-aws-modules/eks/aws"
  version = "20.8.4"

  cluster_name    = "billing"
  cluster_version = "1.29"
  vpc_id          = "vpc-0b1c2d3e4f5a6b7c8"
  subnet_ids      = ["subnet-0a1b2c3d4e5f6a7b8", "subnet-0f9e8d7c6b5a4f3e2"]

  eks_managed_node_groups = {
    system = {
      instance_types = ["m6i.large"]
      min_size       = 2
      max_size       = 3
      desired_size   = 2
    }
  }
}

module "karpenter" {
  source  = "terraform-aws-modules/eks/aws//modules/karpenter"
  version = "20.8.4"

  cluster_name = module.eks.cluster_name

  create_node_iam_role = false
  node_iam_role_arn    = module.eks.eks_managed_node_groups["system"].iam_role_arn # want FL101:warning `is used by the karpenter module module.karpenter and also by managed node group` FL104:warning `uses node role .*, which node-group module .* creates together with`

  # The node group's role already has an access entry of its own.
  create_access_entry = false
}
