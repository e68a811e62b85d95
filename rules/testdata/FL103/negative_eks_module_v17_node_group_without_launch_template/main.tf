# eks v17: a node group without create_launch_template runs on the
# launch template EKS makes, which attaches only the cluster security
# group EKS creates; the worker security group, tagged for Karpenter,
# is on no node group.
module "eks" {
  source          = "terraform-aws-modules/eks/aws"
  version         = "17.24.0"
  cluster_name    = "ledger"
  cluster_version = "1.21"
  vpc_id          = "vpc-0a9b8c7d6e5f4a3b2"
  subnets         = ["subnet-0aaa1111bbbb2222c", "subnet-0ccc3333dddd4444e"]

  tags = {
    "karpenter.sh/discovery" = "ledger"
  }

  node_groups = {
    core = {
      desired_capacity = 2
      min_capacity     = 2
      max_capacity     = 4
      instance_types   = ["m5.large"]
    }
  }
}
