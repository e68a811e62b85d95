# The Flux operator's instance chart makes a FluxInstance that syncs the
# cluster's manifests from an artifact built elsewhere.
resource "helm_release" "flux_instance" {
  name       = "flux"
  namespace  = "flux-system"
  repository = "oci://ghcr.io/controlplaneio-fluxcd/charts"
  chart      = "flux-instance"
  version    = "0.14.0"

  values = [yamlencode({
    instance = {
      sync = {
        kind = "OCIRepository"
        url  = "oci://123456789012.dkr.ecr.eu-west-1.amazonaws.com/ledger/cluster-manifests"
        ref  = "latest"
        path = "./"
      }
    }
  })]
}
