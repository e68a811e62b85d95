# This checkout lints the sandbox stage: its file is the one read, and the
# live file beside it is not guessed at.
terraform "infra" {
  var_files = ["envs/sandbox.tfvars"]
}
