module "logging" {
  source = "./modules/logging"

  chart_values = [yamlencode({
    loki = { retention = "168h", storageSize = "50Gi" }
  })]
}
