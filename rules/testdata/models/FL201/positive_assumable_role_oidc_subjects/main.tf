# The older OIDC role module, with the subject written out in full (~> 5.30
# allows two modelled versions, whose trusts differ only in the actions, so
# the finding is proven even with the issuer unknown: an error). The
# controller was reinstalled into kube-system later.
module "eks" {
  source  = "terraform-aws-modules/eks/aws"
  version = "~> 19.21"

  cluster_name    = "ledger"
  cluster_version = "1.29"
}

module "karpenter_role" {
  source  = "terraform-aws-modules/iam/aws//modules/iam-assumable-role-with-oidc"
  version = "~> 5.30"

  create_role  = true
  role_name    = "ledger-karpenter"
  provider_url = module.eks.cluster_oidc_issuer_url

  oidc_fully_qualified_subjects  = ["system:serviceaccount:karpenter:karpenter"] # want FL201:error `allows system:serviceaccount:karpenter:karpenter; the service account runs as kube-system:karpenter`
  oidc_fully_qualified_audiences = ["sts.amazonaws.com"]
}

resource "helm_release" "karpenter" {
  name       = "karpenter"
  namespace  = "kube-system"
  repository = "oci://public.ecr.aws/karpenter"
  chart      = "karpenter"
  version    = "0.37.5"

  values = [yamlencode({
    serviceAccount = {
      annotations = {
        "eks.amazonaws.com/role-arn" = module.karpenter_role.iam_role_arn
      }
    }
    settings = {
      clusterName = "ledger"
    }
  })]
}
