variable "enabled" {
  type = bool
}

variable "cluster_name" {
  type = string
}

resource "helm_release" "capacity" {
  count = var.enabled ? 1 : 0
  name  = "capacity"
  chart = "${path.module}/charts/capacity"
  set {
    name  = "clusterName"
    value = var.cluster_name
  }
}
