module "cluster" {
  source = "./modules/cluster"
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
      role: ${module.cluster.karpenter_node_role_name}
      subnetSelectorTerms:
        - tags:
            karpenter.sh/discovery: payroll
      securityGroupSelectorTerms:
        - tags:
            karpenter.sh/discovery: payroll
  YAML
}
