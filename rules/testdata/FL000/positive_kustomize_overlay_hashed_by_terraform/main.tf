# The overlay is applied by kubectl; its kustomization's hash only
# re-triggers the apply. A broken overlay is broken.
resource "terraform_data" "apply_prod" {
  triggers_replace = [sha1(file("${path.module}/deploy/overlays/prod/kustomization.yaml"))]

  provisioner "local-exec" {
    command = "kubectl apply -k ${path.module}/deploy/overlays/prod"
  }
}
