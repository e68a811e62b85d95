module "eks" {
  source  = "terraform-aws-modules/eks/aws"
  version = "20.34.0"

  cluster_name    = "ledger"
  cluster_version = "1.31"
  vpc_id          = "vpc-0aa11bb22cc33dd44"
  subnet_ids      = ["subnet-0aa11bb22cc33dd45", "subnet-0aa11bb22cc33dd46"]

  node_security_group_tags = {
    "karpenter.sh/discovery" = "ledger"
  }

  eks_managed_node_groups = {
    system = {
      min_size     = 2
      max_size     = 3
      desired_size = 2
    }
  }
}

# The node class is decoded once into a local and applied from there; its
# lines are the template's.
locals {
  node_class = yamldecode(templatefile("${path.module}/manifests/node-class.yaml.tftpl", {
    discovery = "ledger"
  }))
}

resource "kubernetes_manifest" "node_class" {
  manifest = local.node_class
}
