# Any 21.x of the eks module: the versions it allows model the group alike
# for what the pod asks (its labels), so the finding is not lowered.
module "eks" {
  source  = "terraform-aws-modules/eks/aws"
  version = "~> 21.0"

  name               = "ledger"
  kubernetes_version = "1.33"
  vpc_id             = "vpc-0a1b2c3d4e5f60718"
  subnet_ids         = ["subnet-0a1b2c3d4e5f60718", "subnet-0f1e2d3c4b5a69788"]

  eks_managed_node_groups = {
    general = {
      instance_types = ["m6i.large"]
      min_size       = 1
      max_size       = 4
      desired_size   = 2
      labels         = { workload = "general" }
    }
  }
}
