# Karpenter 1.6.0 has no webhook any more: switching it off repeats what
# the chart renders (a notice, nothing lost); turning it on is lost.
resource "helm_release" "karpenter" {
  name       = "karpenter"
  namespace  = "karpenter"
  repository = "oci://public.ecr.aws/karpenter"
  chart      = "karpenter"
  version    = "1.6.0"

  values = [yamlencode({
    settings = { clusterName = "payments" }
    webhook  = { enabled = false } # want FL502:notice `helm_release.karpenter sets value webhook.enabled, which chart karpenter 1.6.0 never reads`
  })]
}

resource "helm_release" "karpenter_staging" {
  name       = "karpenter-staging"
  namespace  = "karpenter"
  repository = "oci://public.ecr.aws/karpenter"
  chart      = "karpenter"
  version    = "1.6.0"

  set {
    name  = "webhook.enabled" # want FL502 `helm_release.karpenter_staging sets value webhook.enabled, which chart karpenter 1.6.0 never reads`
    value = "true"
  }
}
