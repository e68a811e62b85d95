include "root" {
  path           = find_in_parent_folders("root.hcl")
  merge_strategy = "deep"
}

terraform {
  source = "git::https://github.com/acme/infra-modules.git//iam/irsa?ref=v1.2.3"
}

dependency "eks" {
  config_path = "../eks"
}

inputs = {
  account_id  = get_env("TG_ACCOUNT_ID", "111122223333")
  home        = get_env("HOME")
  commit      = run_cmd("git", "rev-parse", "HEAD")
  oidc_issuer = dependency.eks.outputs.oidc_provider
  tags        = { component = "irsa" }
  subnets     = ["subnet-c"]
}
