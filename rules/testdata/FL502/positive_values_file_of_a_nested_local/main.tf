# Each add-on's settings sit together in one local; the agent's values
# file is read from there.
locals {
  addons = {
    log_agent = {
      namespace = "logging"
      values    = [file("${path.module}/values/log-agent.yaml")]
    }
  }
}

resource "helm_release" "log_agent" {
  name      = "log-agent"
  namespace = local.addons.log_agent.namespace
  chart     = "${path.module}/charts/log-agent"
  values    = local.addons["log_agent"].values
}
