# The recommended v20 layout: the karpenter submodule creates Karpenter's
# own node role (and its EC2_LINUX access entry); the managed node group
# keeps the role it creates for itself.
module "eks_managed_node_group" {
  source  = "terraform-aws-modules/eks/aws//modules/eks-managed-node-group"
  version = "~> 20.8"

  name         = "initial"
  cluster_name = "ledger"
  subnet_ids   = ["subnet-01a2b3c4d5e6f7a8b", "subnet-09f8e7d6c5b4a3928"]

  instance_types = ["m7i.large"]
  min_size       = 2
  max_size       = 3
  desired_size   = 2
}

module "karpenter" {
  source  = "terraform-aws-modules/eks/aws//modules/karpenter"
  version = "~> 20.8"

  cluster_name = "ledger"
}

resource "kubectl_manifest" "default_node_class" {
  yaml_body = <<-YAML
    apiVersion: karpenter.k8s.aws/v1beta1
    kind: EC2NodeClass
    metadata:
      name: default
    spec:
      amiFamily: AL2023
      role: ${module.karpenter.node_iam_role_name}
      subnetSelectorTerms:
        - tags:
            karpenter.sh/discovery: ledger
      securityGroupSelectorTerms:
        - tags:
            karpenter.sh/discovery: ledger
  YAML
}
