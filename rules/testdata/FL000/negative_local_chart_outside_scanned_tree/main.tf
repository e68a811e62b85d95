# The platform charts live in another repository that CI checks out
# beside this one; they are outside the scanned tree, not missing.
resource "helm_release" "gateway" {
  name      = "gateway"
  namespace = "edge"
  chart     = "../../../../../platform-charts/gateway"
}
