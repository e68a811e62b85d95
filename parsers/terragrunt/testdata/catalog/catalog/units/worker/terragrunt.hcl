locals {
  account = read_terragrunt_config(find_in_parent_folders("account.hcl"))
}

terraform {
  source = "${get_repo_root()}/modules/web"
}

inputs = {
  name = "worker"
  env  = local.account.locals.env
}
