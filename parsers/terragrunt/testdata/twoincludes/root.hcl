inputs = {
  root_dir = get_parent_terragrunt_dir()
}
