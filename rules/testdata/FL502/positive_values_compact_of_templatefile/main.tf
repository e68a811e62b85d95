variable "extra_values" {
  type    = string
  default = ""
}

# compact() drops the empty extra values; the file's keys are still its.
resource "helm_release" "worker" {
  name  = "worker"
  chart = "${path.module}/chart"
  values = compact([
    templatefile("${path.module}/values/worker.yaml", { queue = "orders" }),
    var.extra_values,
  ])
}
