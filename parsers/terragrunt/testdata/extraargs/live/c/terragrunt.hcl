terraform {
  extra_arguments "unknown" {
    commands           = get_terraform_commands_that_need_vars()
    required_var_files = [get_env("VARS_FILE")]
  }
}
