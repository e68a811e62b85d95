# v21 layout, same reuse: the karpenter submodule creates no node role and
# is handed the managed node group's; the EC2NodeClass names that role too.
module "eks_managed_node_group" {
  source  = "terraform-aws-modules/eks/aws//modules/eks-managed-node-group"
  version = "~> 21.3"

  name         = "initial"
  cluster_name = "vault"
  subnet_ids   = ["subnet-01a2b3c4d5e6f7a8b", "subnet-09f8e7d6c5b4a3928"]

  instance_types = ["m7i.large"]
  min_size       = 2
  max_size       = 3
  desired_size   = 2
}

module "karpenter" {
  source  = "terraform-aws-modules/eks/aws//modules/karpenter"
  version = "~> 21.3"

  cluster_name = "vault"

  create_node_iam_role = false
  node_iam_role_arn    = module.eks_managed_node_group.iam_role_arn

  # The group's role already has its access entry.
  create_access_entry = false
}

resource "kubectl_manifest" "default_node_class" {
  yaml_body = <<-YAML
    apiVersion: karpenter.k8s.aws/v1
    kind: EC2NodeClass
    metadata:
      name: default
    spec:
      amiSelectorTerms:
        - alias: al2023@latest
      role: ${module.eks_managed_node_group.iam_role_name} # want FL101 `IAM role module\.eks_managed_node_group\.aws_iam_role\.this\[0\] is used by Karpenter EC2NodeClass default and also by managed node group module\.eks_managed_node_group\.aws_eks_node_group\.this\[0\]`
      subnetSelectorTerms:
        - tags:
            karpenter.sh/discovery: vault
      securityGroupSelectorTerms:
        - tags:
            karpenter.sh/discovery: vault
  YAML
}
