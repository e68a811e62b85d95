# Argo CD installed from its chart, told to build kustomizations without
# kustomize's load restriction.
resource "helm_release" "argocd" {
  name             = "argocd"
  namespace        = "argocd"
  create_namespace = true
  repository       = "https://argoproj.github.io/argo-helm"
  chart            = "argo-cd"
  version          = "7.7.3"

  values = [yamlencode({
    configs = {
      cm = {
        "kustomize.buildOptions" = "--load-restrictor=LoadRestrictionsNone"
      }
    }
  })]
}
