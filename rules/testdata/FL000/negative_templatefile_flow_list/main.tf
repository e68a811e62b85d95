variable "azs" {
  description = "Zones the pool may use; set per environment"
  type        = list(string)
}

resource "kubectl_manifest" "general_pool" {
  yaml_body = templatefile("${path.module}/templates/nodepool.yaml", {
    azs = join(", ", [for z in var.azs : "\"${z}\""])
  })
}
