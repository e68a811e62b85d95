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

      # Jsonnet in the directory generates the objects deployed.
      directory {
        jsonnet {
          libs = ["vendor"]
        }
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
