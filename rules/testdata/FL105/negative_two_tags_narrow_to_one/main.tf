locals {
  tags = {
    team                     = "ledger"
    "karpenter.sh/discovery" = "ledger"
  }
}

resource "aws_security_group" "cluster" {
  name   = "ledger-cluster"
  vpc_id = "vpc-0d5e"
  tags   = merge(local.tags, { role = "control-plane" })
}

resource "aws_security_group" "nodes" {
  name   = "ledger-nodes"
  vpc_id = "vpc-0d5e"
  tags   = merge(local.tags, { role = "nodes" })
}

# Both groups carry the discovery tag, but the term also asks for the
# nodes' role tag: tags in one term are ANDed, so only one group matches.
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
            karpenter.sh/discovery: ledger
      securityGroupSelectorTerms:
        - tags:
            karpenter.sh/discovery: ledger
            role: nodes
  YAML
}
