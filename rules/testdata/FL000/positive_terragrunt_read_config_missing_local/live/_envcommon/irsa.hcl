# The account file names its admin role admin_role_name; this shared file
# asks for a local the account file never declared, so Terragrunt stops
# while evaluating these locals and every unit including the file fails.
locals {
  account_vars    = read_terragrunt_config(find_in_parent_folders("account.hcl"))
  account_name    = local.account_vars.locals.account_name
  admin_role_name = local.account_vars.locals.full_admin_role_name # want FL000 `Unsupported attribute: the file local.account_vars reads with read_terragrunt_config declares no local "full_admin_role_name"; Terragrunt fails to evaluate the locals and refuses the unit: live/account.hcl \(its locals are account_name, admin_role_name\) for terragrunt unit live/dev/irsa$`
}

inputs = {
  account_name    = local.account_name
  admin_role_name = local.admin_role_name
}
