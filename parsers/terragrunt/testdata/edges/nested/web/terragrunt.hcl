include "region" {
  path = find_in_parent_folders("region.hcl")
}

terraform {
  source = "../../modules/vpc"
}
