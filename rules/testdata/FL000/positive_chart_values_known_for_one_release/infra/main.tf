# The audit release's values are all known and lack agent.configFile:
# it fails as it will at install, whatever the workspace.
resource "helm_release" "log_agent" {
  name      = "log-agent"
  chart     = "../charts/log-agent"
  namespace = "logging"
  values = [
    file("${path.module}/values/${terraform.workspace}/values.yaml"),
  ]
}

resource "helm_release" "audit_agent" {
  name      = "audit-agent"
  chart     = "../charts/log-agent"
  namespace = "logging"
  values = [
    yamlencode({ logLevel = "debug" }),
  ]
}
