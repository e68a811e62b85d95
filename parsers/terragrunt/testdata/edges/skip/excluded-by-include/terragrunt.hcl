include "off" {
  path = find_in_parent_folders("exclude-all.hcl")
}

terraform {
  source = "../../modules/vpc"
}
