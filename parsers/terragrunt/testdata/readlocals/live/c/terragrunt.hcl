terraform {
  source = "../../mod"
}

locals {
  region = read_terragrunt_config(find_in_parent_folders("region.hcl"))
}

inputs = {
  zone = local.region.locals.zone
}
