# Moved out of the module call by mistake: Terraform refuses a file with
# an argument outside any block.
cluster_addons = { # want FL000 "Unsupported argument"
  coredns    = {}
  kube-proxy = {}
}

module "eks" {
  source  = "terraform-aws-modules/eks/aws"
  version = "20.31.6"

  cluster_name    = "media"
  cluster_version = "1.31"
}
