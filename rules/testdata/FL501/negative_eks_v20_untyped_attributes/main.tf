# v20 of the eks module takes its add-ons and node groups as any object:
# Terraform converts nothing, so no attribute is dropped by a type (the
# module reads the attributes it knows and leaves the others).
module "eks" {
  source  = "terraform-aws-modules/eks/aws"
  version = "~> 20.31"

  cluster_name    = "ledger"
  cluster_version = "1.31"
  vpc_id          = "vpc-0d4e5f60718293a4b"
  subnet_ids      = ["subnet-0aa11bb22cc33dd44", "subnet-0ee55ff66aa77bb88"]

  cluster_addons = {
    coredns = { most_recent = true, preserve = true }
  }

  eks_managed_node_groups = {
    general = {
      instance_types = ["m6i.large"]
      cluster_version = "1.31"
      min_size        = 2
      max_size        = 6
      desired_size    = 2
    }
  }
}
