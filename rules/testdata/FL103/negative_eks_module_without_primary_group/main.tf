provider "aws" {
  region = "eu-west-1"
}

module "eks" {
  source  = "terraform-aws-modules/eks/aws"
  version = "~> 20.24"

  cluster_name    = "prod"
  cluster_version = "1.31"
  vpc_id          = "vpc-0c3"
  subnet_ids      = ["subnet-0a1", "subnet-0b2"]

  # The module gives each group a launch template with its node security
  # group; the cluster security group only with
  # attach_cluster_primary_security_group = true.
  eks_managed_node_groups = {
    system = {
      instance_types = ["m6i.large"]
      min_size       = 2
      max_size       = 3
      desired_size   = 2
    }
  }
}
