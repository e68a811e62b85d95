resource "helm_release" "ingress" {
  name      = "ingress"
  namespace = "ingress"
  chart     = "../vendor-charts/ingress-nginx"
}
