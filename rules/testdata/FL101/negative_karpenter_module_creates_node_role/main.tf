# The submodule creates Karpenter's own node role (create_node_iam_role
# defaults to true) and its access entry; the node group keeps its own.
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

  node_iam_role_use_name_prefix = false
  node_iam_role_name            = "billing-karpenter-node"
}
