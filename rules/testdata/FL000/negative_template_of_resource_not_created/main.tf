variable "enable_reports" {
  type    = bool
  default = false
}

locals {
  reports_values = yamldecode(file("${path.module}/apps/reports-values.yaml"))
}

# Off by default: Terraform never renders the template below.
resource "kubectl_manifest" "reports_app" {
  count = var.enable_reports ? 1 : 0

  yaml_body = templatefile("${path.module}/apps/reports.yaml", {
    values_yaml = indent(8, yamlencode(local.reports_values))
  })
}
