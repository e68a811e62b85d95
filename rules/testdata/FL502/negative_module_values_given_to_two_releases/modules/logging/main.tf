variable "chart_values" {
  type    = list(string)
  default = []
}

# The stack's own chart, from its repository: what it reads is not known
# here.
resource "helm_release" "loki" {
  name       = "loki"
  namespace  = "logging"
  repository = "https://charts.example.org/observability"
  chart      = "loki-stack"
  version    = "3.4.0"
  values     = var.chart_values
}

# Its dashboards get the same values on purpose (they read only what they
# need): the loki keys are the stack's, not mistakes of this chart.
resource "helm_release" "dashboards" {
  name      = "loki-dashboards"
  namespace = "logging"
  chart     = "${path.module}/dashboards"
  values    = concat(var.chart_values, [yamlencode({ title = "Logs" })])
}
