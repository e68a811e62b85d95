# Two groups carry the discovery tag outright; the cluster's tags are
# merged with the caller's, so the group EKS creates for the cluster may
# carry it too.
variable "extra_tags" {
  type = map(string)
}

resource "aws_eks_cluster" "ledger" {
  name     = "ledger"
  role_arn = "arn:aws:iam::537182946013:role/ledger-control-plane"
  vpc_config {
    subnet_ids = ["subnet-0a1b2c3d4e5f60711", "subnet-0a1b2c3d4e5f60712"]
  }
  tags = merge(var.extra_tags, { "karpenter.sh/discovery" = "ledger" })
}

resource "aws_security_group" "nodes" {
  name   = "ledger-nodes"
  vpc_id = "vpc-0123456789abcdef0"
  tags   = { "karpenter.sh/discovery" = "ledger" }
}

resource "aws_security_group" "ingress" {
  name   = "ledger-ingress"
  vpc_id = "vpc-0123456789abcdef0"
  tags   = { "karpenter.sh/discovery" = "ledger" }
}

resource "kubectl_manifest" "node_class" {
  yaml_body = <<-YAML
    apiVersion: karpenter.k8s.aws/v1
    kind: EC2NodeClass
    metadata:
      name: ledger
    spec:
      amiSelectorTerms:
        - alias: al2023@latest
      role: ledger-karpenter-nodes
      subnetSelectorTerms:
        - tags:
            karpenter.sh/discovery: ledger
      securityGroupSelectorTerms:
        - tags:
            karpenter.sh/discovery: ledger # want FL105:warning `this selector term of Karpenter EC2NodeClass ledger matches at least 2 security groups: "ledger-ingress" \(aws_security_group.ingress\) and "ledger-nodes" \(aws_security_group.nodes\) \(and 1 more may match, its tags not all known\)`
  YAML
}
