# Karpenter's controller role from the v20 submodule, switched to IRSA. The
# submodule's irsa_namespace_service_accounts still defaults to
# karpenter:karpenter, while the chart is installed in kube-system as the
# v20 upgrade guide recommends.
module "karpenter" { # want FL201 `trust of role module\.karpenter\.aws_iam_role\.controller\[0\] allows system:serviceaccount:karpenter:karpenter; the service account runs as kube-system:karpenter`
  source  = "terraform-aws-modules/eks/aws//modules/karpenter"
  version = "~> 20.24"

  cluster_name           = "storefront"
  enable_irsa            = true
  irsa_oidc_provider_arn = "arn:aws:iam::210987654321:oidc-provider/oidc.eks.eu-central-1.amazonaws.com/id/0A1B2C3D4E5F60718293A4B5C6D7E8F9"
}

resource "helm_release" "karpenter" {
  name       = "karpenter"
  namespace  = "kube-system"
  repository = "oci://public.ecr.aws/karpenter"
  chart      = "karpenter"
  version    = "1.1.1"

  values = [yamlencode({
    serviceAccount = {
      annotations = {
        "eks.amazonaws.com/role-arn" = module.karpenter.iam_role_arn
      }
    }
    settings = {
      clusterName       = "storefront"
      interruptionQueue = module.karpenter.queue_name
    }
  })]
}
