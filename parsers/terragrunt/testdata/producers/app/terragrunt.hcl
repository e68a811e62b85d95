terraform {
  source = "../modules/local"
}

dependency "vpc" {
  config_path = "../vpc"
}

dependency "net" {
  config_path = "../net"
}

dependency "local" {
  config_path = "../local"
}

inputs = {
  sg      = dependency.vpc.outputs.default_security_group_id
  route   = dependency.net.outputs.route_table_id
  missing = dependency.local.outputs.name
}
