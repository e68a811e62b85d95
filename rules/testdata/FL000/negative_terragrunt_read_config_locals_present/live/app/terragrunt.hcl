terraform {
  source = "../../modules/app"
}

# Each local read is declared by the file read, or by the default
# read_terragrunt_config returns when the file is absent.
locals {
  account = read_terragrunt_config(find_in_parent_folders("account.hcl"))
  team    = read_terragrunt_config("team.hcl", { locals = { team = "platform" } })
}

inputs = {
  account_name = local.account.locals.account_name
  team         = local.team.locals.team
}
