resource "helm_release" "karpenter" {
  name       = "karpenter"
  namespace  = "karpenter"
  repository = "oci://public.ecr.aws/karpenter"
  chart      = "karpenter"
  version    = "0.37.0"

  # The chart reads settings.clusterName, nested. An escaped dot makes a
  # single key named "settings.clusterName", which nothing reads.
  set {
    name  = "settings.clusterName"
    value = "osprey"
  }

  set {
    name  = "settings\\.interruptionQueue" # want FL502 `helm_release.karpenter sets value settings\\\.interruptionQueue, which chart karpenter 0.37.0 never reads`
    value = "osprey-interruptions"
  }
}
