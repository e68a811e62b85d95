# Karpenter's controller gets its credentials through EKS Pod Identity. The
# association still names the namespace of the first install; the chart has
# been reinstalled into kube-system, as the v0.33 upgrade notes recommend.
module "karpenter_pod_identity" {
  source  = "terraform-aws-modules/eks-pod-identity/aws"
  version = "~> 1.4"

  name = "karpenter-controller"

  associations = {
    shop = {
      cluster_name    = "shop"
      namespace       = "karpenter" # want FL206 `binds IAM role .* to service account karpenter/karpenter, but nothing in namespace karpenter runs as "karpenter"; "karpenter" exists in namespace kube-system`
      service_account = "karpenter"
    }
  }
}

resource "helm_release" "karpenter" {
  name       = "karpenter"
  namespace  = "kube-system"
  repository = "oci://public.ecr.aws/karpenter"
  chart      = "karpenter"
  version    = "1.1.1"

  set {
    name  = "settings.clusterName"
    value = "shop"
  }
}
