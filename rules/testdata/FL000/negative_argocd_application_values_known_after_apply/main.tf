# Argo CD renders the chart with values a data source gives at apply.
data "external" "issuers" {
  program = ["./render-issuers.sh"]
}

resource "argocd_application" "certs" {
  metadata {
    name      = "certs"
    namespace = "argocd"
  }

  spec {
    project = "platform"

    source {
      repo_url        = "https://git.example.net/platform/infra.git"
      path            = "charts/certs"
      target_revision = "main"

      helm {
        values = data.external.issuers.result.values_yaml
      }
    }

    destination {
      server    = "https://kubernetes.default.svc"
      namespace = "cert-manager"
    }
  }
}
