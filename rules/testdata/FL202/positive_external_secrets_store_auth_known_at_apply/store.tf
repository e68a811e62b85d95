variable "store_auth" {
  description = "How the shared store authenticates (jwt or secretRef)."
  type        = any
}

# How the store authenticates is known only at apply: it may use the
# controller's own role.
resource "kubernetes_manifest" "store" {
  manifest = {
    apiVersion = "external-secrets.io/v1"
    kind       = "ClusterSecretStore"
    metadata   = { name = "secrets-manager" }
    spec = {
      provider = {
        aws = {
          service = "SecretsManager"
          region  = "eu-south-1"
          auth    = var.store_auth
        }
      }
    }
  }
}
