# The search cluster's root applies its Karpenter node class. The billing
# root, another cluster in another VPC, tags its node group's security
# group with the same team tag: the selector runs in search's cluster and
# cannot pick billing's group.
resource "aws_eks_cluster" "search" {
  name     = "search"
  role_arn = "arn:aws:iam::111122223333:role/search-cluster"
  vpc_config {
    subnet_ids = ["subnet-0a0b0c0d0e0f10111"]
  }
}

resource "kubectl_manifest" "node_class" {
  yaml_body = <<-YAML
    apiVersion: karpenter.k8s.aws/v1
    kind: EC2NodeClass
    metadata:
      name: default
    spec:
      role: search-karpenter-nodes
      amiSelectorTerms:
        - alias: al2023@latest
      subnetSelectorTerms:
        - id: subnet-0a0b0c0d0e0f10111
      securityGroupSelectorTerms:
        - tags:
            team: platform
  YAML
}
