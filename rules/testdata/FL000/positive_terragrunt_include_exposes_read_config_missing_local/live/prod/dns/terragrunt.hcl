include "root" {
  path   = find_in_parent_folders("root.hcl")
  expose = true
}

terraform {
  source = "../../../modules/dns"
}

# region.hcl names its zone zone_name: hosted_zone is no local of it, and
# Terragrunt stops evaluating these locals.
locals {
  zone = include.root.locals.region.locals.hosted_zone # want FL000 `Unsupported attribute: the file include.root.locals.region reads with read_terragrunt_config declares no local "hosted_zone"; Terragrunt fails to evaluate the locals and refuses the unit: live/region.hcl \(its locals are aws_region, zone_name\) for terragrunt unit live/prod/dns$`
}

inputs = {
  zone_name = local.zone
}
