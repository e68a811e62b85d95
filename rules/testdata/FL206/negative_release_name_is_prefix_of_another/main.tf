# Karpenter's chart comes from the team's registry mirror, pinned per
# environment; its CRDs are a second release whose name starts with the
# first one's. The controller's service account is created by the first
# release, whose chart is not known here: whether "karpenter" exists in
# kube-system cannot be decided, and the CRD release's account says
# nothing about it.
variable "karpenter_chart_ref" {
  type        = string
  description = "OCI reference of the mirrored karpenter chart"
}

module "eks" {
  source  = "terraform-aws-modules/eks/aws"
  version = "~> 20.0"

  cluster_name    = "staging"
  cluster_version = "1.31"
}

resource "aws_iam_role" "karpenter" {
  name = "staging-karpenter"

  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Principal = { Service = "pods.eks.amazonaws.com" }
      Action    = ["sts:AssumeRole", "sts:TagSession"]
    }]
  })
}

resource "helm_release" "karpenter_crd" {
  name       = "karpenter-crd"
  namespace  = "kube-system"
  repository = "oci://public.ecr.aws/karpenter"
  chart      = "karpenter-crd"
  version    = "1.1.1"
}

resource "helm_release" "karpenter" {
  name      = "karpenter"
  namespace = "kube-system"
  chart     = var.karpenter_chart_ref

  depends_on = [helm_release.karpenter_crd]
}

resource "aws_eks_pod_identity_association" "karpenter" {
  cluster_name    = module.eks.cluster_name
  namespace       = "kube-system"
  service_account = "karpenter"
  role_arn        = aws_iam_role.karpenter.arn
}
