# The billing chart names its objects with the common library chart,
# packed under charts/ by `helm dependency update`; the release still
# sets the replica count under the key the chart used before 2.0.
resource "helm_release" "billing" {
  name      = "billing"
  namespace = "billing"
  chart     = "./charts/billing"

  set {
    name  = "nameOverride"
    value = "billing-api"
  }
  set {
    name  = "replicas" # want FL502:warning `helm_release.billing sets value replicas, which chart billing 2.1.0 never reads`
    value = "3"
  }
}
