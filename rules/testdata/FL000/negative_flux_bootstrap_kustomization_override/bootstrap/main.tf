# Flux bootstrap commits its own manifests under clusters/prod/flux-system
# and this kustomization beside them, which patches the controllers.
resource "flux_bootstrap_git" "prod" {
  path                   = "clusters/prod"
  components_extra       = ["image-reflector-controller"]
  kustomization_override = templatefile("${path.module}/kustomization.yaml", { replicas = 2 })
}
