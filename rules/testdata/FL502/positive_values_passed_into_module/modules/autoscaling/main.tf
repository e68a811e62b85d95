# The platform's Karpenter install: the caller hands in its values.
variable "chart_values" {
  type    = list(string)
  default = []
}

resource "helm_release" "karpenter" {
  name       = "karpenter"
  namespace  = "kube-system"
  repository = "oci://public.ecr.aws/karpenter"
  chart      = "karpenter"
  version    = "1.8.6"
  values     = var.chart_values
}
