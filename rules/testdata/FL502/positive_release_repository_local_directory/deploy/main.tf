# The repository argument names a directory, not a URL: the helm provider
# joins it with the chart's name and installs ../charts/notifier.
resource "helm_release" "notifier" {
  name       = "notifier"
  namespace  = "alerts"
  repository = "../charts"
  chart      = "notifier"

  set {
    name  = "slack.channel" # want FL502 `helm_release.notifier sets value slack.channel, which chart notifier 0.2.1 never reads`
    value = "#oncall"
  }
}
