terraform {
  source = "../../mod"
}

locals {
  acct = read_terragrunt_config(find_in_parent_folders("account.hcl"))
}

inputs = {
  name  = local.acct.locals.account_name
  owner = local.acct.locals.owner
}
