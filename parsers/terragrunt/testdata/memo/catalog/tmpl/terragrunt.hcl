locals {
  v     = read_terragrunt_config(find_in_parent_folders("shared/values.hcl"))
  plain = read_terragrunt_config(find_in_parent_folders("shared/plain.hcl"))
}

inputs = {
  name   = local.v.locals.name
  region = local.plain.locals.region
}
