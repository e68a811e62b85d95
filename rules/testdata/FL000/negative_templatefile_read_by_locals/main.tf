variable "ipv6" {
  type    = bool
  default = false
}

locals {
  operator_values = yamldecode(templatefile("${path.module}/values/operator.yaml", {
    ipv6 = var.ipv6
  }))
}

resource "helm_release" "operator" {
  name       = "batch-operator"
  namespace  = "batch"
  repository = "https://charts.example.com"
  chart      = "batch-operator"
  version    = "2.3.0"
  values     = [yamlencode(local.operator_values)]
}
