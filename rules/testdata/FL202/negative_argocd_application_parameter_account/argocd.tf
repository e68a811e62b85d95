resource "argocd_application" "external_secrets" {
  metadata {
    name      = "external-secrets"
    namespace = "argocd"
  }

  spec {
    project = "addons"

    source {
      repo_url        = "https://charts.external-secrets.io"
      chart           = "external-secrets"
      target_revision = "0.9.20"

      helm {
        # The account keeps the name the role trusts.
        values = yamlencode({
          serviceAccount = { name = "external-secrets" }
        })

        parameter {
          name  = "serviceAccount.annotations.eks\\.amazonaws\\.com/role-arn"
          value = aws_iam_role.secrets.arn
        }
      }
    }

    destination {
      server    = "https://kubernetes.default.svc"
      namespace = "external-secrets"
    }
  }
}
