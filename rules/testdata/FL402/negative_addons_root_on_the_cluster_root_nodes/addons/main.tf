# The add-ons stack makes no cluster: it installs into the cluster stack's
# (named by the same input), whose system nodes carry the label.
variable "cluster_name" {
  type = string
}

resource "helm_release" "karpenter" {
  name       = "karpenter"
  namespace  = "kube-system"
  repository = "oci://public.ecr.aws/karpenter"
  chart      = "karpenter"
  version    = "1.6.3"

  values = [yamlencode({
    nodeSelector = { pool = "system" }
    settings     = { clusterName = var.cluster_name }
  })]
}
