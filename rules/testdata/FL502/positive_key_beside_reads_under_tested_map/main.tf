# The chart tests ingress and reads ingress.host under it: hostname,
# the name of an older version of the chart, is read by nothing.
resource "helm_release" "billing" {
  name      = "billing"
  namespace = "billing"
  chart     = "./charts/billing"

  values = [yamlencode({
    ingress = {
      host     = "billing.example.com"
      hostname = "billing.example.com" # want FL502:warning `helm_release.billing sets value ingress.hostname, which chart billing 2.1.0 never reads`
    }
  })]
}
