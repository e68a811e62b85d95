terraform {
  extra_arguments "common" {
    commands           = ["plan", "apply"]
    required_var_files = ["${get_parent_terragrunt_dir()}/common.tfvars"]
  }
  extra_arguments "init_only" {
    commands  = ["init"]
    arguments = ["-var-file=${get_parent_terragrunt_dir()}/init.tfvars"]
  }
}
