# A unit may carry an override file; Terragrunt passes it to plan and
# apply with -var-file when it exists, and it overrides the unit's inputs.
terraform {
  extra_arguments "overrides" {
    commands           = get_terraform_commands_that_need_vars()
    optional_var_files = ["${get_terragrunt_dir()}/override.tfvars"]
  }
}
