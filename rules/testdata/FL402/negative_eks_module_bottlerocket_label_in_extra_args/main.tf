terraform {
  backend "s3" {}
}

# The Bottlerocket group labels its nodes through the settings the module
# passes on in bootstrap_extra_args; EKS merges them with its own.
module "eks" {
  source  = "terraform-aws-modules/eks/aws"
  version = "21.3.1"

  name               = "media"
  kubernetes_version = "1.32"
  vpc_id             = "vpc-0a1b2c3d4e5f60789"
  subnet_ids         = ["subnet-0d1c2b3a4f5e60781", "subnet-0d1c2b3a4f5e60782"]

  eks_managed_node_groups = {
    encode = {
      ami_type       = "BOTTLEROCKET_x86_64"
      instance_types = ["c7i.2xlarge"]
      min_size       = 1
      max_size       = 8
      desired_size   = 1
      bootstrap_extra_args = <<-EOT
        [settings.kubernetes.node-labels]
        "workload" = "encode"
      EOT
    }
  }
}
