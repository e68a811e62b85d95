variable "override_values" {
  type    = list(string)
  default = []
}

locals {
  # Written for the monitoring stack, and handed to its companion chart
  # too, which reads only its own part.
  stack_values = [yamlencode({
    grafana = { enabled = false }
    rules   = { team = "payments" }
  })]
}

resource "helm_release" "stack" {
  name       = "observability"
  namespace  = "observability"
  repository = "https://prometheus-community.github.io/helm-charts"
  chart      = "kube-prometheus-stack"
  version    = "45.7.1"
  values     = local.stack_values
}

resource "helm_release" "alerts" {
  name      = "observability-alerts"
  namespace = "observability"
  chart     = "${path.module}/charts/alerts-config"
  values    = concat(local.stack_values, var.override_values)
}
