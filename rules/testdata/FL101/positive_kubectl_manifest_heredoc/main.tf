variable "cluster_name" {
  type = string
}

module "eks" {
  source  = "terraform-aws-modules/eks/aws"
  version = "~> 20.0"

  cluster_name = var.cluster_name
}

resource "aws_iam_role" "nodes" {
  name               = "${module.eks.cluster_name}-nodes"
  assume_role_policy = "{}"
}

resource "aws_eks_node_group" "general" {
  cluster_name    = module.eks.cluster_name
  node_group_name = "general"
  node_role_arn   = aws_iam_role.nodes.arn
  subnet_ids      = ["subnet-1"]

  scaling_config {
    desired_size = 2
    max_size     = 4
    min_size     = 1
  }
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
      role: ${aws_iam_role.nodes.name} # want FL101 "IAM role aws_iam_role.nodes is used by Karpenter EC2NodeClass default and also by managed node group aws_eks_node_group.general"
  YAML
}
