variable "drain_labels" {
  type    = list(string)
  default = []
}

resource "helm_release" "spot_handler" {
  name       = "aws-node-termination-handler"
  namespace  = "kube-system"
  repository = "https://aws.github.io/eks-charts"
  chart      = "aws-node-termination-handler"
  version    = "0.21.0"

  values = [
    templatefile("${path.module}/values/handler.yaml", {
      labels = var.drain_labels
    }),
  ]
}
