module "eks" {
  source  = "terraform-aws-modules/eks/aws"
  version = "20.34.0"

  cluster_name    = "atlas"
  cluster_version = "1.31"
  vpc_id          = "vpc-0c0ffee0c0ffee001"
  subnet_ids      = ["subnet-0c0ffee0c0ffee002", "subnet-0c0ffee0c0ffee003"]

  node_security_group_tags = {
    "karpenter.sh/discovery" = "atlas"
  }

  eks_managed_node_groups = {
    base = {
      min_size     = 1
      max_size     = 3
      desired_size = 2
    }
  }
}

resource "kubectl_manifest" "node_class" {
  yaml_body = templatefile("${path.module}/karpenter/node-class.tftpl", {
    cluster = "atlas"
    labels  = { team = "platform", tier = "batch" }
    subnet_terms = yamlencode([
      { tags = { "karpenter.sh/discovery" = "atlas" } },
      { id = "subnet-0c0ffee0c0ffee004" },
    ])
  })
}
