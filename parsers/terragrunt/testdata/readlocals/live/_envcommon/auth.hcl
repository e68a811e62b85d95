locals {
  account = read_terragrunt_config(find_in_parent_folders("account.hcl"))
  admin   = local.account.locals.full_admin_role_name
}

inputs = {
  admin = local.admin
}
