# The add-ons root installs the ingest service into whichever cluster the
# operator's kubeconfig context points at: the lake cluster's nodes carry
# the streaming tier the chart pins, so it may be the one.
provider "helm" {
  kubernetes {
    config_path    = "~/.kube/config"
    config_context = var.kube_context
  }
}

variable "kube_context" {
  type = string
}

resource "helm_release" "ingest" {
  name             = "ingest"
  namespace        = "ingest"
  create_namespace = true
  chart            = "${path.module}/charts/ingest"
}
