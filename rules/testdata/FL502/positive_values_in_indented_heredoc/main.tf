# The platform team writes the Karpenter release's values as indented
# heredocs. Chart 1.2.0 no longer has a webhook, so both settings turning
# it on are dropped by Helm: the finding points at the value, on its own line in the
# heredoc, and at the element when the values are one templated line.
variable "webhook_enabled" {
  type    = bool
  default = true
}

resource "helm_release" "karpenter" {
  name       = "karpenter"
  namespace  = "kube-system"
  repository = "oci://public.ecr.aws/karpenter"
  chart      = "karpenter"
  version    = "1.2.0"

  values = [
    <<-EOT
        settings:
          clusterName: orders
        webhook:
          enabled: true # want FL502 `helm_release.karpenter sets value webhook.enabled, which chart karpenter 1.2.0 never reads`
    EOT
  ]
}

resource "helm_release" "karpenter_canary" {
  name       = "karpenter-canary"
  namespace  = "kube-system"
  repository = "oci://public.ecr.aws/karpenter"
  chart      = "karpenter"
  version    = "1.2.0"

  values = ["webhook: {enabled: ${var.webhook_enabled}}"] # want FL502 `helm_release.karpenter_canary sets value webhook.enabled, which chart karpenter 1.2.0 never reads`
}
