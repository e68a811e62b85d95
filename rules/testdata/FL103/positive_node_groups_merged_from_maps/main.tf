# The node groups are the platform's base groups merged with the team's
# extra ones; the node security group carries Karpenter's discovery tag.
locals {
  base_groups = {
    platform = {
      instance_types = ["m7i.large"]
      min_size       = 2
      max_size       = 4
      desired_size   = 2
    }
  }
}

module "eks" {
  source  = "terraform-aws-modules/eks/aws"
  version = "21.15.1"

  name               = "delta"
  kubernetes_version = "1.33"
  vpc_id             = "vpc-0a9b8c7d6e5f4a3b2"
  subnet_ids         = ["subnet-0d9e8f7a6b5c4d3e2", "subnet-0e9f8a7b6c5d4e3f2"]

  node_security_group_tags = { "karpenter.sh/discovery" = "delta" }

  eks_managed_node_groups = merge(local.base_groups, {
    analytics = {
      instance_types = ["r7i.xlarge"]
      min_size       = 1
      max_size       = 3
      desired_size   = 1
    }
  })
}
