# The service's chart is published from deploy/chart to the registry by
# CI; the cluster still installs an older published version, not the one
# the directory holds now.
resource "helm_release" "ledger" {
  name       = "ledger"
  namespace  = "ledger"
  repository = "oci://registry.example.com/charts"
  chart      = "ledger"
  version    = "2.7.0"

  values = [yamlencode({
    replicaCount  = 3
    workerThreads = 8
  })]
}
