# Production tags only its own node group: its node class selects one
# group, whatever staging's account holds.
resource "aws_eks_cluster" "orders" {
  name     = "orders"
  role_arn = "arn:aws:iam::444455556666:role/orders-cluster"

  vpc_config {
    subnet_ids = ["subnet-0b1c2d3e4f5a60718", "subnet-0e1f2a3b4c5d69788"]
  }
}

resource "aws_security_group" "nodes_production" {
  name   = "orders-nodes"
  vpc_id = "vpc-0b1c2d3e"
  tags   = { "karpenter.sh/discovery" = "orders" }
}

resource "kubectl_manifest" "node_class" {
  yaml_body = <<-YAML
    apiVersion: karpenter.k8s.aws/v1
    kind: EC2NodeClass
    metadata:
      name: default
    spec:
      role: orders-karpenter-nodes
      amiSelectorTerms:
        - alias: al2023@latest
      subnetSelectorTerms:
        - id: subnet-0b1c2d3e4f5a60718
      securityGroupSelectorTerms:
        - tags:
            karpenter.sh/discovery: orders
  YAML
}
