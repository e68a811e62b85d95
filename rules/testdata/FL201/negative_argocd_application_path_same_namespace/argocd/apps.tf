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
    }

    destination {
      server    = "https://kubernetes.default.svc"
      namespace = "billing"
    }

    sync_policy {
      automated {
        prune     = true
        self_heal = true
      }
    }
  }
}
