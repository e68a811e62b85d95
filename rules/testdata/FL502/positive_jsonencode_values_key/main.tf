# The values are written with jsonencode, which puts the whole object on
# one line of the text Helm reads; the key the 1.x charts no longer read
# is still found where it is written, not at the object's last value.
resource "helm_release" "karpenter" {
  name       = "karpenter"
  namespace  = "karpenter"
  repository = "oci://public.ecr.aws/karpenter"
  chart      = "karpenter"
  version    = "1.6.3"

  values = [
    jsonencode({
      settings = {
        interruptionQueueName = "quarry-interruptions" # want FL502:warning `helm_release.karpenter sets value settings.interruptionQueueName, which chart karpenter 1.6.3 never reads`
        clusterName           = "quarry"
      }
      replicas    = 2
      tolerations = [{ key = "dedicated", operator = "Exists" }]
    })
  ]
}
