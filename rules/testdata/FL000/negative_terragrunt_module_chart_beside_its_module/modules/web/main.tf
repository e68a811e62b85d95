variable "replicas" {
  type = number
}

resource "helm_release" "web" {
  name      = "web"
  namespace = "web"
  chart     = "../charts/web"

  values = [yamlencode({ replicas = var.replicas })]
}
