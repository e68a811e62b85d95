# Karpenter's nodes were handed the bootstrap group's role; the role is the
# node-group submodule's own, created and destroyed with the group. Once
# the bootstrap group is removed (Karpenter took over), the role goes too.
module "eks" {
  source  = "terraform-aws-modules/eks/aws"
  version = "20.8.4"

  cluster_name    = "orders"
  cluster_version = "1.29"
  vpc_id          = "vpc-0c2d3e4f5a6b7c8d9"
  subnet_ids      = ["subnet-0b2c3d4e5f6a7b8c9", "subnet-0c3d4e5f6a7b8c9d0"]

  eks_managed_node_groups = {
    bootstrap = {
      instance_types = ["m6i.large"]
      min_size       = 1
      max_size       = 2
      desired_size   = 1
    }
  }
}

module "karpenter" {
  source  = "terraform-aws-modules/eks/aws//modules/karpenter"
  version = "20.8.4"

  cluster_name = module.eks.cluster_name

  create_node_iam_role = false
  node_iam_role_arn    = module.eks.eks_managed_node_groups["bootstrap"].iam_role_arn # want FL104:warning `the karpenter module module.karpenter uses node role .*eks_managed_node_group\["bootstrap"\].*, which node-group module module.eks.module.eks_managed_node_group\["bootstrap"\] creates together with` FL101:warning `is used by the karpenter module module.karpenter and also by managed node group`
  create_access_entry  = false
}
