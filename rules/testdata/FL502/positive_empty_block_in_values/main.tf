resource "helm_release" "reporter" {
  name      = "reporter"
  namespace = "reports"
  chart     = "./charts/reporter"
  values    = [file("${path.module}/values/reporter.yaml")]
}
