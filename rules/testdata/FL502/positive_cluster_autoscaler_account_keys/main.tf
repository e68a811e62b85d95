# The autoscaler's IRSA role is handed to the chart the way most charts
# take it, under serviceAccount. The cluster-autoscaler chart reads its
# account from rbac.serviceAccount: the annotation is dropped and the
# autoscaler runs without AWS credentials.
resource "helm_release" "cluster_autoscaler" {
  name       = "cluster-autoscaler"
  namespace  = "kube-system"
  repository = "https://kubernetes.github.io/autoscaler"
  chart      = "cluster-autoscaler"
  version    = "9.29.0"

  values = [file("${path.module}/autoscaler-values.yaml")]
}
