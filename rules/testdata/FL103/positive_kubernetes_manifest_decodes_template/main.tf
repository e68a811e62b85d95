module "eks" {
  source  = "terraform-aws-modules/eks/aws"
  version = "20.34.0"

  cluster_name    = "harbor"
  cluster_version = "1.31"
  vpc_id          = "vpc-0f00d0f00d0f00d00"
  subnet_ids      = ["subnet-0f00d0f00d0f00d01", "subnet-0f00d0f00d0f00d02"]

  node_security_group_tags = {
    "karpenter.sh/discovery" = "harbor"
  }

  eks_managed_node_groups = {
    core = {
      min_size     = 2
      max_size     = 4
      desired_size = 2
    }
  }
}

resource "kubernetes_manifest" "node_class" {
  manifest = yamldecode(templatefile("${path.module}/karpenter/node-class.yaml", {
    cluster_name = "harbor"
    node_role    = "KarpenterNodeRole-harbor"
  }))
}
