variable "chart_values" {
  type    = list(string)
  default = []
}

resource "helm_release" "dashboards" {
  name      = "loki-dashboards"
  namespace = "logging"
  chart     = "${path.module}/dashboards"
  values    = concat(var.chart_values, [yamlencode({ title = "Logs" })]) # want FL502 `module.logging.helm_release.dashboards sets 2 values under loki \(retention, storageSize\)`
}
