variable "grafana_values" {
  description = "Extra Helm values for Grafana, as YAML."
  type        = string
}

resource "kubectl_manifest" "grafana_app" {
  yaml_body = templatefile("${path.module}/apps/grafana.yaml", {
    extra_values = indent(8, var.grafana_values)
  })
}
