resource "argocd_application" "billing" {
  metadata {
    name      = "billing"
    namespace = "argocd"
  }

  spec {
    project = "default"

    source {
      repo_url        = "https://git.example.com/acme/platform.git"
      target_revision = "HEAD"
      path            = "apps/billing"

      # A config management plugin generates what is deployed from the
      # directory: which namespace its objects get is its own business.
      plugin {
        name = "envsubst-render"
      }
    }

    destination {
      server    = "https://kubernetes.default.svc"
      namespace = "payments"
    }

    sync_policy {
      automated {
        prune     = true
        self_heal = true
      }
    }
  }
}
