variable "pool_labels" {
  type    = map(string)
  default = { pool = "system", tier = "core" }
}

locals {
  # The loop renders one line per label: the lines after it are not on
  # the same source lines as what they render.
  autoscaler_values = <<-EOT
    replicaCount: 2
    extraArgs:
      scan-interval: 20s
    %{~if length(var.pool_labels) > 0~}
    nodeSelector:
    %{~for k, v in var.pool_labels~}
      ${k}: ${v}
    %{~endfor~}
    %{~endif~}
    extraArgs:
      expander: least-waste
    EOT
}

resource "helm_release" "autoscaler" {
  name       = "cluster-autoscaler"
  namespace  = "kube-system"
  repository = "https://kubernetes.github.io/autoscaler"
  chart      = "cluster-autoscaler"
  version    = "9.43.0"
  values     = [local.autoscaler_values]
}
