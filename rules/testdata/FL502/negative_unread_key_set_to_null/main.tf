# A key the chart does not read, set to null: Helm takes null as "unset",
# so nothing is configured and nothing is lost.
resource "helm_release" "karpenter" {
  name       = "karpenter"
  namespace  = "karpenter"
  repository = "oci://public.ecr.aws/karpenter"
  chart      = "karpenter"
  version    = "0.32.3"

  values = [yamlencode({
    settings = {
      clusterName = "harbor"
      aws = {
        interruptionQueue = null
      }
    }
  })]
}
