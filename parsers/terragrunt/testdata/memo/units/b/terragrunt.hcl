locals {
  plain    = read_terragrunt_config("../../shared/plain.hcl")
  here     = read_terragrunt_config("../../shared/here.hcl")
  original = read_terragrunt_config("../../shared/original.hcl")
  env      = read_terragrunt_config("../../shared/env.hcl")
}

inputs = {
  region   = local.plain.locals.region
  zone     = local.plain.locals.zone
  here     = local.here.locals.dir
  original = local.original.locals.dir
  token    = local.env.locals.token
}
