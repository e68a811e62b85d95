# After the v6 upgrade of the IAM modules the role comes from
# iam-role-for-service-accounts; the subject was carried over unchanged.
module "karpenter_irsa" { # want FL201 `allows system:serviceaccount:karpenter:karpenter; the service account runs as kube-system:karpenter`
  source  = "terraform-aws-modules/iam/aws//modules/iam-role-for-service-accounts"
  version = "~> 6.0"

  name = "atlas-karpenter"

  oidc_providers = {
    atlas = {
      provider_arn               = "arn:aws:iam::210987654321:oidc-provider/oidc.eks.us-west-2.amazonaws.com/id/9F8E7D6C5B4A39281706F5E4D3C2B1A0"
      namespace_service_accounts = ["karpenter:karpenter"]
    }
  }
}

resource "helm_release" "karpenter" {
  name       = "karpenter"
  namespace  = "kube-system"
  repository = "oci://public.ecr.aws/karpenter"
  chart      = "karpenter"
  version    = "1.3.3"

  set {
    name  = "serviceAccount.annotations.eks\\.amazonaws\\.com/role-arn"
    value = module.karpenter_irsa.arn
  }
}
