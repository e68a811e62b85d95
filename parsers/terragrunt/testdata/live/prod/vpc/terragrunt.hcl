include "root" {
  path   = find_in_parent_folders("root.hcl")
  expose = true
}

terraform {
  source = "../../modules//vpc"
}

inputs = {
  name    = "${include.root.locals.prefix}-vpc"
  tags    = { component = "vpc" }
  subnets = ["subnet-b"]
  env     = read_terragrunt_config(find_in_parent_folders("env.hcl")).locals.environment
}
