# The orders cluster moved to v21 of the eks module. Its add-on and node
# group maps were written for v20, where both inputs took any object; v21
# types them, and Terraform drops what the types do not declare.
module "eks" {
  source  = "terraform-aws-modules/eks/aws"
  version = "~> 21.0"

  name               = "orders"
  kubernetes_version = "1.33"
  vpc_id             = "vpc-0d4e5f60718293a4b"
  subnet_ids         = ["subnet-0aa11bb22cc33dd44", "subnet-0ee55ff66aa77bb88"]

  addons = {
    coredns = {
      version = "v1.11.4-eksbuild.2" # want FL501 "module.eks passes addons\\[\"coredns\"\\]\\.version, an attribute the type of input addons at versions ~> 21.0 \\(built-in model v21.x\\) does not declare: Terraform converts the input to its type and drops the attribute without an error"
    }
    "vpc-cni" = {
      addon_version  = "v1.19.2-eksbuild.1"
      before_compute = true
    }
  }

  eks_managed_node_groups = local.node_groups
}

locals {
  node_groups = {
    general = {
      instance_types  = ["m6i.large"]
      cluster_version = "1.32" # want FL501 "module.eks passes eks_managed_node_groups\\[\"general\"\\]\\.cluster_version, an attribute"
      taints = {
        batch = { key = "batch", value = "true", effect = "NO_SCHEDULE", operator = "Equal" } # want FL501 "eks_managed_node_groups\\[\"general\"\\]\\.taints\\[\"batch\"\\]\\.operator, an attribute"
      }
    }
  }
}
