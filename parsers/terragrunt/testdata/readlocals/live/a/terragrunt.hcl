include "auth" {
  path = find_in_parent_folders("_envcommon/auth.hcl")
}

terraform {
  source = "../../mod"
}
