# Read by both units: nothing in it depends on the unit reading it.
locals {
  nested = read_terragrunt_config("${get_terragrunt_dir()}/nested.hcl")
  region = "eu-west-1"
  zone   = local.nested.locals.zone
  bad    = tonumber("not a number")
}
