variable "cluster_name" {
  type = string
}

module "eks" {
  source  = "terraform-aws-modules/eks/aws"
  version = "21.3.0"

  name               = var.cluster_name
  kubernetes_version = "1.33"
  vpc_id             = "vpc-0a1b2c3d4e5f60718"
  subnet_ids         = ["subnet-0aa11bb22cc33dd44", "subnet-0ee55ff66aa77bb88"]

  node_security_group_tags = {
    "karpenter.sh/discovery" = var.cluster_name
  }

  eks_managed_node_groups = {
    system = {
      instance_types = ["m6i.large"]
      min_size       = 2
      max_size       = 3
      desired_size   = 2
    }
  }
}

output "cluster_name" {
  value = module.eks.cluster_name
}
