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
      role: ${var.node_role_name} # want FL101 "IAM role \\[live/prod/eks\\] module.eks_managed_node_group\\[\"general\"\\].aws_iam_role.this\\[0\\] is used by Karpenter EC2NodeClass default and also by managed node group .* \\(across roots live/prod/eks and live/prod/karpenter-nodeclass\\)" FL104 `Karpenter EC2NodeClass default uses node role \[live/prod/eks\] module.eks_managed_node_group\["general"\].aws_iam_role.this\[0\], which node-group module`
      subnetSelectorTerms:
        - tags:
            karpenter.sh/discovery: prod
      securityGroupSelectorTerms:
        - tags:
            karpenter.sh/discovery: prod
  YAML
}
