resource "helm_release" "ingress" {
  name       = "ingress-nginx"
  repository = var.source_repo
  chart      = "ingress-nginx"
  version    = var.chart_version
}
