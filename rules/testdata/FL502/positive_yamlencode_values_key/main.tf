# Karpenter 1.x reads settings.interruptionQueue; the release still
# writes the name the 0.x charts read.
resource "helm_release" "karpenter" {
  name       = "karpenter"
  namespace  = "kube-system"
  repository = "oci://public.ecr.aws/karpenter"
  chart      = "karpenter"
  version    = "1.6.3"

  values = [
    yamlencode({
      settings = {
        clusterName           = "orchard"
        interruptionQueueName = "orchard-interruptions" # want FL502:warning `helm_release.karpenter sets value settings.interruptionQueueName, which chart karpenter 1.6.3 never reads`
      }
    })
  ]
}
