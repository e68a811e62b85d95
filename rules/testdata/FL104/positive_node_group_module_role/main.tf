module "eks" {
  source = "./modules/eks"

  cluster_name = "checkout"
  eks_managed_node_groups = {
    initial = {}
  }
}

# Karpenter's nodes borrow the initial node group's role: it is created
# inside that group's module instance and goes away with the group.
resource "kubectl_manifest" "default_nodeclass" {
  yaml_body = <<-YAML
    apiVersion: karpenter.k8s.aws/v1
    kind: EC2NodeClass
    metadata:
      name: default
    spec:
      amiSelectorTerms:
        - alias: al2023@latest
      role: ${module.eks.eks_managed_node_groups["initial"].iam_role_name} # want FL104:error `Karpenter EC2NodeClass default uses node role "checkout-initial-nodes" \(module.eks.module.eks_managed_node_group\["initial"\].aws_iam_role.this\[0\]\), which node-group module module.eks.module.eks_managed_node_group\["initial"\] creates together with module.eks.module.eks_managed_node_group\["initial"\].aws_eks_node_group.this` FL101 `IAM role "checkout-initial-nodes" .* is used by Karpenter EC2NodeClass default and also by managed node group`
      subnetSelectorTerms:
        - tags:
            karpenter.sh/discovery: checkout
      securityGroupSelectorTerms:
        - tags:
            karpenter.sh/discovery: checkout
  YAML
}
