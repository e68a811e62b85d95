# Karpenter's nodes get a group of their own, selected by its ID: an ID
# names exactly one group, so no other group of the cluster can match.
module "eks" {
  source  = "terraform-aws-modules/eks/aws"
  version = "20.34.0"

  cluster_name    = "atlas"
  cluster_version = "1.31"
  vpc_id          = "vpc-0c0ffee0c0ffee000"
  subnet_ids      = ["subnet-0c0ffee0c0ffee001", "subnet-0c0ffee0c0ffee002"]

  eks_managed_node_groups = {
    system = {
      min_size     = 2
      max_size     = 3
      desired_size = 2
    }
  }
}

resource "aws_security_group" "karpenter_nodes" {
  name   = "atlas-karpenter-nodes"
  vpc_id = "vpc-0c0ffee0c0ffee000"
}

resource "kubectl_manifest" "node_class" {
  yaml_body = yamlencode({
    apiVersion = "karpenter.k8s.aws/v1"
    kind       = "EC2NodeClass"
    metadata   = { name = "default" }
    spec = {
      role                       = "KarpenterNodeRole-atlas"
      amiSelectorTerms           = [{ alias = "al2023@latest" }]
      subnetSelectorTerms        = [{ tags = { "karpenter.sh/discovery" = "atlas" } }]
      securityGroupSelectorTerms = [{ id = aws_security_group.karpenter_nodes.id }]
    }
  })
}
