locals {
  cluster = "ledger"
  # Every resource of the stack gets these tags, the discovery tag too.
  tags = {
    team                     = "ledger"
    "karpenter.sh/discovery" = local.cluster
  }
}

resource "aws_security_group" "cluster" {
  name   = "${local.cluster}-cluster"
  vpc_id = "vpc-0d5e"
  tags   = local.tags
}

resource "aws_security_group" "nodes" {
  name   = "${local.cluster}-nodes"
  vpc_id = "vpc-0d5e"
  tags   = local.tags
}

resource "aws_security_group" "bastion" {
  name   = "${local.cluster}-bastion"
  vpc_id = "vpc-0d5e"
  tags   = merge(local.tags, { Name = "${local.cluster}-bastion" })
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
            karpenter.sh/discovery: ${local.cluster} # want FL105:warning `this selector term of Karpenter EC2NodeClass default matches 3 security groups: "ledger-bastion" \(aws_security_group.bastion\), "ledger-cluster" \(aws_security_group.cluster\) and "ledger-nodes" \(aws_security_group.nodes\)`
  YAML
}
