# A bare include beside a labeled one: with more than one include,
# Terragrunt keys every exposed include by its label, the bare one by "".
include {
  path   = find_in_parent_folders("root.hcl")
  expose = true
}

include "region" {
  path   = find_in_parent_folders("region.hcl")
  expose = true
}

terraform {
  source = "../../modules/api"
}

inputs = {
  region = include.region.locals.aws_region
}
