include "root" {
  path = find_in_parent_folders("root.hcl")
}

terraform {
  source = "../../../modules/workers"
}

inputs = {
  cluster_name   = "staging"
  node_role_name = "staging-workers"
}
