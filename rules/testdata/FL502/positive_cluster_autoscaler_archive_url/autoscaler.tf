# The autoscaler is installed straight from the release archive on the
# project's download page, so its version is the one in the file name.
resource "helm_release" "cluster_autoscaler" {
  name      = "cluster-autoscaler"
  namespace = "kube-system"
  chart     = "https://github.com/kubernetes/autoscaler/releases/download/cluster-autoscaler-chart-9.29.1/cluster-autoscaler-9.29.1.tgz"

  set {
    name  = "autoDiscovery.clusterName"
    value = "checkout-prod"
  }

  set {
    name  = "awsRegion"
    value = "eu-north-1"
  }

  set {
    name  = "autoDiscovery.enabled" # want FL502:warning `helm_release.cluster_autoscaler sets value autoDiscovery.enabled, which chart cluster-autoscaler 9.29.1 never reads`
    value = "true"
  }
}
