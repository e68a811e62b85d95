include "envcommon" {
  path = find_in_parent_folders("_envcommon/irsa.hcl")
}

terraform {
  source = "../../../modules/irsa"
}
