# The chart is expected beside this module (a build step packages it
# there); the archive of the same name in the billing service is another
# team's copy, which Helm never reads for this release.
resource "helm_release" "worker" {
  name      = "ledger-worker"
  namespace = "ledger"
  chart     = "${path.module}/charts/ledger-worker"
  version   = "2.0.1"

  set {
    name  = "workerThreads"
    value = "8"
  }
}
