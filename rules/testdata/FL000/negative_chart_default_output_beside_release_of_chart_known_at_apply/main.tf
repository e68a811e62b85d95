# The chart path comes from the workspace's settings file: the release may
# install the chart of the tree with values of its own, under which the
# config file the chart writes is well formed. Its defaults are not.
locals {
  settings = yamldecode(file("${path.module}/settings/${terraform.workspace}.yaml"))
}

resource "helm_release" "shipper" {
  name      = "shipper"
  namespace = "logging"
  chart     = local.settings.shipper_chart
  values = [yamlencode({
    outputs = { "main.yaml" = "endpoint: https://logs.example.com\n" }
  })]
}
