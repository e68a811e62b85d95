# Every security group carries the stack's discovery tag; the node class's
# term asks for the cluster's name, known only at apply. Whether the term
# selects all three groups or none is not known: the groups' tags are.
variable "cluster_name" {
  type = string
}

locals {
  tags = { "karpenter.sh/discovery" = "loom" }
}

resource "aws_security_group" "cluster" {
  name   = "loom-cluster"
  vpc_id = "vpc-0e5d4c3b2a1908f7e"
  tags   = local.tags
}

resource "aws_security_group" "nodes" {
  name   = "loom-nodes"
  vpc_id = "vpc-0e5d4c3b2a1908f7e"
  tags   = local.tags
}

resource "aws_security_group" "endpoints" {
  name   = "loom-endpoints"
  vpc_id = "vpc-0e5d4c3b2a1908f7e"
  tags   = local.tags
}

resource "kubernetes_manifest" "node_class" {
  manifest = {
    apiVersion = "karpenter.k8s.aws/v1"
    kind       = "EC2NodeClass"
    metadata   = { name = "apps" }
    spec = {
      role             = "loom-karpenter-nodes"
      amiSelectorTerms = [{ alias = "al2023@latest" }]
      subnetSelectorTerms = [{ id = "subnet-0a9b8c7d6e5f40312" }]
      securityGroupSelectorTerms = [{
        tags = { "karpenter.sh/discovery" = var.cluster_name }
      }]
    }
  }
}
