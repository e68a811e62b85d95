# root.hcl is written by the bootstrap script from root.hcl.example; it is
# not committed.
include "root" {
  path = find_in_parent_folders("root.hcl")
}

terraform {
  source = "${get_parent_terragrunt_dir("root")}//modules/app"
}

inputs = {
  stage = path_relative_to_include("root")
}
