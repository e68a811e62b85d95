# Every unit gets the environment's shared variables file, as Terragrunt
# passes it to plan and apply with -var-file.
terraform {
  extra_arguments "env_vars" {
    commands           = get_terraform_commands_that_need_vars()
    required_var_files = ["${get_terragrunt_dir()}/../env.tfvars"]
  }
}
