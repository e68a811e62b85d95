include "root" {
  path = find_in_parent_folders("root.hcl")
}
terraform {
  extra_arguments "own" {
    commands           = get_terraform_commands_that_need_vars()
    arguments          = ["-lock-timeout=20m", "-var-file=local.tfvars", "-var", "size=5", "-var=zone=b"]
    optional_var_files = ["${get_terragrunt_dir()}/missing.tfvars", "${get_terragrunt_dir()}/present.tfvars"]
  }
}
