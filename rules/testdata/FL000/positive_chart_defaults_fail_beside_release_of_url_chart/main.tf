variable "exporter_version" {
  type = string
}

# A chart archive fetched over https: whatever the version, no chart
# directory of this tree.
resource "helm_release" "exporter" {
  name      = "exporter"
  namespace = "monitoring"
  chart     = "https://charts.example.com/exporter/exporter-${var.exporter_version}.tgz"
}
