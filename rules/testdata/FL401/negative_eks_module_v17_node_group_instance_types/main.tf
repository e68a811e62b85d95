# eks v17's node_groups take each entry's instance_types: the batch
# group launches c5.2xlarge (8 vCPU), which holds a 3-CPU pod.
module "eks" {
  source          = "terraform-aws-modules/eks/aws"
  version         = "17.24.0"
  cluster_name    = "reports"
  cluster_version = "1.21"
  vpc_id          = "vpc-0c1d2e3f4a5b6c7d8"
  subnets         = ["subnet-0123456789abcdef0", "subnet-0fedcba9876543210"]

  node_groups = {
    batch = {
      desired_capacity = 1
      min_capacity     = 1
      max_capacity     = 3
      instance_types   = ["c5.2xlarge"]
    }
  }
}
