# The helm provider hands a set value to Helm as --set does: "{a,b}" is a
# list the chart ranges over.
resource "helm_release" "reports" {
  name      = "reports"
  namespace = "analytics"
  chart     = "${path.module}/charts/reports"

  set {
    name  = "profiles"
    value = "{daily,weekly}"
  }
}
