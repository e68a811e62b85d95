variable "environment" {
  type = string
}

resource "helm_release" "exporter" {
  name      = "cost-exporter-${var.environment}"
  namespace = "monitoring"
  chart     = "${path.module}/chart"

  set {
    name  = "interval"
    value = "1m"
  }

  # The chart calls it interval; scrapeInterval configures nothing.
  set {
    name  = "scrapeInterval" # want FL502 `sets value scrapeInterval, which chart cost-exporter 0.2.1 never reads \(in root live/dev\)` FL502 `sets value scrapeInterval, which chart cost-exporter 0.2.1 never reads \(in root live/prod\)`
    value = "30s"
  }
}
