# The service's chart is published from deploy/chart to the registry by
# CI; the cluster installs the published version.
resource "helm_release" "ledger" {
  name       = "ledger"
  namespace  = "ledger"
  repository = "oci://registry.example.com/charts"
  chart      = "ledger"
  version    = "2.7.0"

  values = [yamlencode({
    replicaCount  = 3
    workerThreads = 8 # want FL502:notice `helm_release.ledger sets value workerThreads, which chart ledger 2.7.0 never reads$`
  })]
}
