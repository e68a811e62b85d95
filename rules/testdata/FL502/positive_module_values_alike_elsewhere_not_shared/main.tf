# The dashboards module gets the loki settings, which its chart never
# reads. The audit release of the root sets the same values, and its
# chart reads the retention, but it is another module instance's release
# with values of its own: the dashboards' copy is in force nowhere.
module "logging" {
  source = "./modules/logging"

  chart_values = [yamlencode({
    loki = { retention = "168h", storageSize = "50Gi" }
  })]
}

resource "helm_release" "audit" {
  name      = "audit"
  namespace = "logging"
  chart     = "${path.module}/charts/audit"
  values = [yamlencode({
    loki = { retention = "168h", storageSize = "50Gi" } # want FL502 `helm_release.audit sets value loki.storageSize, which chart audit 0.1.0 never reads`
  })]
}
