# Each add-on has its own values template; the values all reach the
# release through one argument, so no key has a place of its own. The
# log shipper's nodeSelector is not the metrics agent's: each is judged
# by its own chart.
locals {
  addons = {
    metrics-agent = "metrics-agent.yaml.tpl"
    log-shipper   = "log-shipper.yaml.tpl"
  }
}

data "template_file" "values" {
  for_each = local.addons
  template = file("${path.module}/values/${each.value}")
  vars = {
    pool = "system"
  }
}

resource "helm_release" "addon" {
  for_each  = local.addons
  name      = each.key
  namespace = "observability"
  chart     = "${path.module}/charts/${each.key}"
  values    = [data.template_file.values[each.key].rendered] # want FL502 `helm_release.addon\["metrics-agent"\] sets value nodeSelector.pool, which chart metrics-agent 1.0.0 never reads`
}
