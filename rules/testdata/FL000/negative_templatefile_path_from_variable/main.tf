variable "stage" {
  description = "staging or prod; CI passes it"
  type        = string
}

# The overlay is a template: Terraform renders the stage's copy and
# pushes it to the delivery repository beside the base built there.
resource "local_file" "overlay" {
  filename = "${path.module}/rendered/kustomization.yaml"
  content = templatefile("${path.module}/deploy/overlays/${var.stage}/kustomization.yaml", {
    image_tag = "1.8.2"
  })
}
