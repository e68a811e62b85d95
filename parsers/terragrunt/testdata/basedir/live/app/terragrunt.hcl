include "root" {
  path = find_in_parent_folders("root.hcl")
}

terraform {
  source = "../../mod"
}

locals {
  own    = yamldecode(file("settings.yaml"))
  common = read_terragrunt_config("../shared/common.hcl")
}

inputs = {
  unit_region = local.own.region
  owner       = local.common.locals.owner
}
