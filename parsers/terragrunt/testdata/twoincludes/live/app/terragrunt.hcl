include "root" {
  path = find_in_parent_folders("root.hcl")
}

include "env" {
  path = "${get_terragrunt_dir()}/../../_env/app.hcl"
}

inputs = {
  unit_root = get_parent_terragrunt_dir("root")
  unit_env  = get_parent_terragrunt_dir("env")
}
