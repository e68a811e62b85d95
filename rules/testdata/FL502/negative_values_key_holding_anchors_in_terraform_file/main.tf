resource "helm_release" "api" {
  name      = "api"
  namespace = "api"
  chart     = "${path.module}/charts/api"
  values    = [file("${path.module}/api-values.yaml")]
}
