provider "aws" {
  region = "us-east-1"
}

module "eks" {
  source  = "terraform-aws-modules/eks/aws"
  version = "~> 20.0"

  cluster_name    = "prod"
  cluster_version = "1.30"
}

resource "aws_iam_role" "karpenter" {
  name = "prod-karpenter-controller"

  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Principal = { Service = "pods.eks.amazonaws.com" }
      Action    = ["sts:AssumeRole", "sts:TagSession"]
    }]
  })
}

# Written when Karpenter ran in its own namespace; the chart now runs in
# kube-system (k8s/karpenter-sa.yaml).
resource "aws_eks_pod_identity_association" "karpenter" {
  cluster_name    = module.eks.cluster_name
  namespace       = "karpenter" # want FL206 `binds IAM role "prod-karpenter-controller" \(aws_iam_role.karpenter\) to service account karpenter/karpenter, but nothing in namespace karpenter runs as "karpenter"; "karpenter" exists in namespace kube-system`
  service_account = "karpenter"
  role_arn        = aws_iam_role.karpenter.arn
}

resource "kubernetes_namespace_v1" "karpenter" {
  metadata {
    name = "karpenter"
  }
}
