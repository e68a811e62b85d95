# The second values file is the workspace's (values/prod/values.yaml
# under `terraform workspace select prod`): which one is read is not
# known before the run, and the chart renders only with it.
resource "helm_release" "log_agent" {
  name      = "log-agent"
  chart     = "../charts/log-agent"
  namespace = "logging"
  values = [
    file("${path.module}/values/common.yaml"),
    file("${path.module}/values/${terraform.workspace}/values.yaml"),
  ]
}
