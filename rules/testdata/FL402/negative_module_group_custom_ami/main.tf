# The group runs the image pipeline's AMI (ami_id): the module puts it in
# the group's launch template and leaves ami_type unset, so which system
# the nodes run is the AMI's.
module "eks" {
  source  = "terraform-aws-modules/eks/aws"
  version = "20.24.0"

  cluster_name    = "ledger"
  cluster_version = "1.30"
  vpc_id          = "vpc-0a1b2c3d4e5f60718"
  subnet_ids      = ["subnet-0a1b2c3d4e5f60718", "subnet-0f1e2d3c4b5a69788"]

  eks_managed_node_groups = {
    golden = {
      ami_id         = "ami-0123456789abcdef0"
      instance_types = ["m6i.large"]
      min_size       = 1
      max_size       = 4
      desired_size   = 2
    }
  }
}
