# The submodule is handed the system node group's role, and the tree's own
# EC2NodeClass names the same role: the node class is the evidence, and the
# chain is told once, there.
module "eks" {
  source  = "terraform-aws-modules/eks/aws"
  version = "20.8.4"

  cluster_name    = "billing"
  cluster_version = "1.29"
  vpc_id          = "vpc-0b1c2d3e4f5a6b7c8"
  subnet_ids      = ["subnet-0a1b2c3d4e5f6a7b8", "subnet-0f9e8d7c6b5a4f3e2"]

  eks_managed_node_groups = {
    system = {
      instance_types = ["m6i.large"]
      min_size       = 2
      max_size       = 3
      desired_size   = 2
    }
  }
}

module "karpenter" {
  source  = "terraform-aws-modules/eks/aws//modules/karpenter"
  version = "20.8.4"

  cluster_name = module.eks.cluster_name

  create_node_iam_role = false
  node_iam_role_arn    = module.eks.eks_managed_node_groups["system"].iam_role_arn
  create_access_entry  = false
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
      role: ${module.eks.eks_managed_node_groups["system"].iam_role_name} # want FL101:error `is used by Karpenter EC2NodeClass default and also by managed node group module.eks.module.eks_managed_node_group\["system"\]` FL104 `Karpenter EC2NodeClass default uses node role module.eks.module.eks_managed_node_group\["system"\].aws_iam_role.this\[0\], which node-group module module.eks.module.eks_managed_node_group\["system"\] creates together with`
  YAML
}
