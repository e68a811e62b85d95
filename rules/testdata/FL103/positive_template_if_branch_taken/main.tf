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

# The template writes security group IDs when given some, else the
# discovery tag; none are given here.
resource "kubectl_manifest" "node_class" {
  yaml_body = templatefile("${path.module}/karpenter/node-class.tftpl", {
    group_ids = []
    cluster   = "atlas"
  })
}
