# v6 of the IAM modules folds the OIDC role into iam-role; the subject of
# the old iam-assumable-role-with-oidc call moved into oidc_subjects.
module "karpenter_role" { # want FL201 `allows system:serviceaccount:karpenter:karpenter; the service account runs as kube-system:karpenter`
  source  = "terraform-aws-modules/iam/aws//modules/iam-role"
  version = "~> 6.1"

  name            = "atlas-karpenter"
  use_name_prefix = false

  enable_oidc        = true
  oidc_provider_urls = ["https://oidc.eks.us-west-2.amazonaws.com/id/9F8E7D6C5B4A39281706F5E4D3C2B1A0"]
  oidc_subjects      = ["system:serviceaccount:karpenter:karpenter"]
  oidc_audiences     = ["sts.amazonaws.com"]
}

resource "helm_release" "karpenter" {
  name       = "karpenter"
  namespace  = "kube-system"
  repository = "oci://public.ecr.aws/karpenter"
  chart      = "karpenter"
  version    = "1.3.3"

  set {
    name  = "serviceAccount.annotations.eks\\.amazonaws\\.com/role-arn"
    value = module.karpenter_role.arn
  }
}
