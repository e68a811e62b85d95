variable "template_name" {
  description = "Which template to render"
  type        = string
}

# Which file is the template is not known: the overlay is still a
# kustomization of its own, built where it is written.
resource "local_file" "overlay" {
  filename = "${path.module}/rendered/kustomization.yaml"
  content = templatefile("${path.module}/deploy/${var.template_name}", {
    image_tag = "1.8.2"
  })
}
