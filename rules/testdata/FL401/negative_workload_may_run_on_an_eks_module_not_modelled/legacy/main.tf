# The legacy cluster is made by an eks module release faultline does not
# model: its node groups, and so its capacity, are not read. The API may
# be deployed there.
module "eks" {
  source          = "terraform-aws-modules/eks/aws"
  version         = "16.1.0"
  cluster_name    = "shop-legacy"
  cluster_version = "1.19"
  vpc_id          = "vpc-0d4c3b2a19f8e7d6c"
  subnets         = ["subnet-0aa", "subnet-0bb"]

  node_groups = {
    large = {
      desired_capacity = 2
      max_capacity     = 4
      min_capacity     = 2
      instance_type    = "m5.2xlarge"
    }
  }
}
