# The zones are known only after apply: the chart renders with a hole where
# the list will be, which is not valid YAML yet, and not broken input.
data "aws_availability_zones" "available" {}

locals {
  zones = slice(data.aws_availability_zones.available.names, 0, 3)
}

resource "helm_release" "pools" {
  name  = "pools"
  chart = "./pools"
  set_list {
    name  = "zones"
    value = local.zones
  }
}
