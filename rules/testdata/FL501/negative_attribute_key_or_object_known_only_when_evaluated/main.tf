# Attributes whose names are known only when evaluated, and node group
# objects a for expression builds: which attributes reach the module is
# not written at the call, so none is reported.
variable "addon_setting" {
  type    = string
  default = "addon_version"
}

variable "pools" {
  type    = map(string)
  default = { general = "m6i.large", memory = "r6i.large" }
}

module "eks" {
  source  = "terraform-aws-modules/eks/aws"
  version = "~> 21.0"

  name               = "ledger"
  kubernetes_version = "1.33"
  vpc_id             = "vpc-0d4e5f60718293a4b"
  subnet_ids         = ["subnet-0aa11bb22cc33dd44", "subnet-0ee55ff66aa77bb88"]

  addons = {
    coredns = {
      (var.addon_setting) = "v1.11.4-eksbuild.2"
    }
  }

  eks_managed_node_groups = {
    for name, type in var.pools : name => {
      instance_types = [type]
      disk_size_gb   = 80
    }
  }
}
