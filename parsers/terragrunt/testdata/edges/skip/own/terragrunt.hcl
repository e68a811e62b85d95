locals {
  env = yamldecode(file(find_in_parent_folders("env.yaml")))
}

skip = local.env.modules.irsa.skip

terraform {
  source = "../../modules/vpc"
}
