include "common" {
  path = find_in_parent_folders("common.hcl")
}

locals {
  name = "api"
}

terraform {
  source = "../../modules/vpc"
}

inputs = {
  name = local.name
  tags = merge(local.common_tags, { app = local.name })
}
