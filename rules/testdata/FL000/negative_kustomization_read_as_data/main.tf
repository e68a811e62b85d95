locals {
  apps_kustomization = file("${path.module}/clusters/staging/kustomization.yaml")
}

resource "helm_release" "bootstrap" {
  name       = "flux-bootstrap"
  namespace  = "flux-system"
  repository = "https://charts.example.com"
  chart      = "flux-bootstrap"
  version    = "0.4.0"

  values = [yamlencode({
    kustomizations = [yamldecode(local.apps_kustomization)]
  })]
}
