# Chart 0.32 still reads settings.aws.* as a fallback for settings.*.
resource "helm_release" "karpenter" {
  name       = "karpenter"
  namespace  = "karpenter"
  repository = "oci://public.ecr.aws/karpenter"
  chart      = "karpenter"
  version    = "v0.32.6"

  set {
    name  = "settings.aws.clusterName"
    value = "search"
  }
  set {
    name  = "settings.aws.interruptionQueueName"
    value = "search-karpenter"
  }
  set {
    name  = "serviceAccount.annotations.eks\\.amazonaws\\.com/role-arn"
    value = "arn:aws:iam::111122223333:role/search-karpenter"
  }
  set {
    name  = "tolerations[0].key"
    value = "CriticalAddonsOnly"
  }
  set {
    name  = "controller.resources.limits.memory"
    value = "1Gi"
  }
}
