# v21 add-ons and node groups written with the attributes the module's types
# declare, nested objects and lists included, through a local value.
module "eks" {
  source  = "terraform-aws-modules/eks/aws"
  version = "~> 21.0"

  name               = "ledger"
  kubernetes_version = "1.33"
  vpc_id             = "vpc-0d4e5f60718293a4b"
  subnet_ids         = ["subnet-0aa11bb22cc33dd44", "subnet-0ee55ff66aa77bb88"]

  addons = {
    coredns = { addon_version = "v1.11.4-eksbuild.2" }
    "eks-pod-identity-agent" = {
      before_compute = true
      most_recent    = true
    }
  }

  eks_managed_node_groups = local.node_groups
}

locals {
  node_groups = {
    general = {
      instance_types = ["m6i.large"]
      min_size       = 2
      max_size       = 6
      desired_size   = 2
      labels         = { workload = "general" }
      taints = {
        batch = { key = "batch", value = "true", effect = "NO_SCHEDULE" }
      }
      block_device_mappings = {
        xvda = {
          device_name = "/dev/xvda"
          ebs         = { volume_size = 80, volume_type = "gp3" }
        }
      }
    }
  }
}
