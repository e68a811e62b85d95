# The controller role comes from the IRSA module, with the subject the
# Karpenter docs used before v0.33; the chart has since moved to kube-system.
module "eks" {
  source  = "terraform-aws-modules/eks/aws"
  version = "~> 20.0"

  cluster_name    = "shop"
  cluster_version = "1.30"
}

module "karpenter_irsa" {
  source  = "terraform-aws-modules/iam/aws//modules/iam-role-for-service-accounts-eks"
  version = "~> 5.30"

  role_name = "shop-karpenter-controller"

  oidc_providers = {
    main = {
      provider_arn               = "arn:aws:iam::123456789012:oidc-provider/oidc.eks.eu-central-1.amazonaws.com/id/0A1B2C3D4E5F60718293A4B5C6D7E8F9"
      namespace_service_accounts = ["karpenter:karpenter"] # want FL201 `allows system:serviceaccount:karpenter:karpenter; the service account runs as kube-system:karpenter`
    }
  }
}

resource "helm_release" "karpenter" {
  name       = "karpenter"
  namespace  = "kube-system"
  repository = "oci://public.ecr.aws/karpenter"
  chart      = "karpenter"
  version    = "1.0.6"

  set {
    name  = "serviceAccount.annotations.eks\\.amazonaws\\.com/role-arn"
    value = module.karpenter_irsa.iam_role_arn
  }
}
