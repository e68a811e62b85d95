# Both releases come from the public registry: karpenter creates its
# account "karpenter" (karpenter-crd only CRDs), and the association
# names another.
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
  name       = "karpenter"
  namespace  = "kube-system"
  repository = "oci://public.ecr.aws/karpenter"
  chart      = "karpenter"
  version    = "1.1.1"

  depends_on = [helm_release.karpenter_crd]
}

resource "aws_eks_pod_identity_association" "karpenter" {
  cluster_name    = module.eks.cluster_name
  namespace       = "kube-system"
  service_account = "karpenter-controller" # want FL206 `nothing in namespace kube-system runs as "karpenter-controller" \(accounts there: "karpenter"\)`
  role_arn        = aws_iam_role.karpenter.arn
}
