# Read through the unit's second include: Terragrunt's include functions
# name this include here, whatever the unit's first one is.
inputs = {
  env_dir     = get_parent_terragrunt_dir()
  env_named   = get_parent_terragrunt_dir("root")
  env_rel     = path_relative_to_include()
}
