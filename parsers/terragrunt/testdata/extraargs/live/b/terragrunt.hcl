include "root" {
  path = find_in_parent_folders("root.hcl")
}
terraform {
  # Replaces the included block of the same name.
  extra_arguments "common" {
    commands           = get_terraform_commands_that_need_vars()
    required_var_files = ["${get_terragrunt_dir()}/gone.tfvars", "../up.tfvars"]
  }
}
