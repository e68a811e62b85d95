# Argo CD Applications are applied from Terraform, one template each.
resource "kubectl_manifest" "ingress" {
  yaml_body = templatefile("${path.module}/apps/ingress-nginx.yaml.tftpl", {
    replicas = 3
  })
}
