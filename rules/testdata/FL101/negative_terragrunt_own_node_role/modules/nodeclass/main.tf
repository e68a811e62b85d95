variable "node_role_name" {
  type = string
}

resource "kubectl_manifest" "default" {
  yaml_body = <<-YAML
    apiVersion: karpenter.k8s.aws/v1
    kind: EC2NodeClass
    metadata:
      name: default
    spec:
      amiSelectorTerms:
        - alias: al2023@latest
      role: ${var.node_role_name}
      subnetSelectorTerms:
        - tags:
            karpenter.sh/discovery: prod
      securityGroupSelectorTerms:
        - tags:
            karpenter.sh/discovery: prod
  YAML
}
