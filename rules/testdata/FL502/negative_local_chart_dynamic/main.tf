resource "helm_release" "gateway" {
  name      = "gateway"
  namespace = "edge"
  chart     = "./chart"

  set {
    name  = "listenPort"
    value = "9090"
  }
  set {
    name  = "timeouts.idle"
    value = "30s"
  }
}
