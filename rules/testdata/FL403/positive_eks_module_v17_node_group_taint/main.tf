# The only node group of this eks v17 cluster is kept for batch jobs by a
# taint; the API has no toleration for it.
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
      instance_types   = ["m5.xlarge"]
      k8s_labels       = { workload = "batch" }
      taints = [{
        key    = "dedicated"
        value  = "batch"
        effect = "NO_SCHEDULE"
      }]
    }
  }
}
