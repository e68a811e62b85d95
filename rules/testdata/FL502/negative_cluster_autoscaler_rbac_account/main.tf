# The same release with the keys the chart reads.
resource "helm_release" "cluster_autoscaler" {
  name       = "cluster-autoscaler"
  namespace  = "kube-system"
  repository = "https://kubernetes.github.io/autoscaler"
  chart      = "cluster-autoscaler"
  version    = "9.29.0"

  values = [yamlencode({
    autoDiscovery = { clusterName = "payments" }
    awsRegion     = "eu-west-1"
    rbac = {
      serviceAccount = {
        create = true
        name   = "cluster-autoscaler"
        annotations = {
          "eks.amazonaws.com/role-arn" = "arn:aws:iam::111122223333:role/payments-cluster-autoscaler"
        }
      }
    }
  })]
}
