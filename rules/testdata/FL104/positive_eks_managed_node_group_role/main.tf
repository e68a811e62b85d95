provider "aws" {
  region = "eu-west-1"
}

module "eks" {
  source  = "terraform-aws-modules/eks/aws"
  version = "~> 20.24"

  cluster_name    = "ledger"
  cluster_version = "1.31"
  vpc_id          = "vpc-0d5e"
  subnet_ids      = ["subnet-0d50", "subnet-0d51"]

  eks_managed_node_groups = {
    initial = {
      instance_types = ["m6i.large"]
      min_size       = 2
      max_size       = 3
      desired_size   = 2
    }
  }
}

# Karpenter's nodes run as the initial node group's role, which the node
# group's module instance creates and destroys with the group.
resource "kubectl_manifest" "default_nodeclass" {
  yaml_body = <<-YAML
    apiVersion: karpenter.k8s.aws/v1
    kind: EC2NodeClass
    metadata:
      name: default
    spec:
      amiSelectorTerms:
        - alias: al2023@latest
      role: ${module.eks.eks_managed_node_groups["initial"].iam_role_name} # want FL104 `Karpenter EC2NodeClass default uses node role .*module.eks.module.eks_managed_node_group\["initial"\].aws_iam_role.this\[0\].*, which node-group module module.eks.module.eks_managed_node_group\["initial"\] creates together with module.eks.module.eks_managed_node_group\["initial"\].aws_eks_node_group.this\[0\]` FL101 `IAM role .*\["initial"\].aws_iam_role.this\[0\] is used by Karpenter EC2NodeClass default and also by managed node group`
      subnetSelectorTerms:
        - tags:
            karpenter.sh/discovery: ledger
      securityGroupSelectorTerms:
        - tags:
            karpenter.sh/discovery: ledger
  YAML
}
