locals {
  cluster = "ledger"
  tags    = { team = "ledger" }
}

resource "aws_security_group" "cluster" {
  name   = "${local.cluster}-cluster"
  vpc_id = "vpc-0d5e"
  tags   = local.tags
}

# Only the nodes' group carries the discovery tag.
resource "aws_security_group" "nodes" {
  name   = "${local.cluster}-nodes"
  vpc_id = "vpc-0d5e"
  tags   = merge(local.tags, { "karpenter.sh/discovery" = local.cluster })
}

resource "kubectl_manifest" "default_nodeclass" {
  yaml_body = <<-YAML
    apiVersion: karpenter.k8s.aws/v1
    kind: EC2NodeClass
    metadata:
      name: default
    spec:
      amiSelectorTerms:
        - alias: al2023@latest
      role: ledger-karpenter-nodes
      subnetSelectorTerms:
        - tags:
            karpenter.sh/discovery: ${local.cluster}
      securityGroupSelectorTerms:
        - tags:
            karpenter.sh/discovery: ${local.cluster}
  YAML
}
