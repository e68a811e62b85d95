variable "env" {
  type    = string
  default = "stage"
}

module "eks" {
  source          = "terraform-aws-modules/eks/aws"
  version         = "19.21.0"
  cluster_name    = "catalog"
  cluster_version = "1.29"
  vpc_id          = "vpc-0a9b8c7d6e5f40312"
  subnet_ids      = ["subnet-0a9b8c7d6e5f40301", "subnet-0a9b8c7d6e5f40302"]

  eks_managed_node_groups = {
    "${var.env}-general" = {
      instance_types = ["t3.small"]
      min_size       = 1
      max_size       = 3
      desired_size   = 2
    }
  }
}
