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

# One node class per entry, each rendered from the same template with
# the entry's own terms.
locals {
  node_classes = {
    batch = {
      subnet_terms = [{ tags = { "karpenter.sh/discovery" = "atlas" } }, { id = "subnet-0c0ffee0c0ffee004" }]
      group_terms  = [{ tags = { "karpenter.sh/discovery" = "atlas" } }]
    }
  }
}

resource "kubectl_manifest" "node_class" {
  for_each = local.node_classes

  yaml_body = templatefile("${path.module}/karpenter/node-class.tftpl", {
    name         = each.key
    subnet_terms = yamlencode(each.value.subnet_terms)
    group_terms  = yamlencode(each.value.group_terms)
  })
}
