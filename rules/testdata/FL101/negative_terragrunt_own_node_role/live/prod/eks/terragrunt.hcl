include "root" {
  path = find_in_parent_folders("root.hcl")
}

terraform {
  source = "tfr:///terraform-aws-modules/eks/aws?version=20.8.4"
}

inputs = {
  cluster_name    = "prod"
  cluster_version = "1.30"
  vpc_id          = "vpc-0a1b2c3d"
  subnet_ids      = ["subnet-0a1b2c3d", "subnet-1a2b3c4d"]

  eks_managed_node_groups = {
    general = {
      instance_types = ["m6i.large"]
      min_size       = 2
      max_size       = 4
      desired_size   = 2
    }
  }
}
