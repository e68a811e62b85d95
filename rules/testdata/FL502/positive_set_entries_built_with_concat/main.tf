variable "high_availability" {
  type    = bool
  default = true
}

resource "helm_release" "karpenter" {
  name       = "karpenter"
  namespace  = "kube-system"
  repository = "oci://public.ecr.aws/karpenter"
  chart      = "karpenter"
  version    = "1.12.1"

  # The entries are assembled; each is still written where it is.
  set = concat(
    [
      { name = "settings.clusterName", value = "billing" },
    ],
    var.high_availability ? [
      { name = "replicas", value = "2" },
    ] : [],
    [
      {
        name  = "resources.limits.memory" # want FL502 `helm_release.karpenter sets value resources.limits.memory, which chart karpenter 1.12.1 never reads`
        value = "1Gi"
      },
    ],
  )
}
