variable "tenant" {
  type = string
}

# The chart reads nodeSelector, not the older selector block: the node
# label keyed by the tenant is dropped, whatever the tenant is called.
resource "helm_release" "relay" {
  name      = "relay"
  namespace = "relay"
  chart     = "./charts/relay"

  values = [yamlencode({
    podLabels = {
      "tenant.example.com/${var.tenant}" = "true"
    }
    selector = { # want FL502:warning `helm_release.relay sets a value under selector \(a key not known statically\), which chart relay 0.9.0 never reads`
      "pool.example.com/${var.tenant}" = "dedicated"
    }
  })]
}
