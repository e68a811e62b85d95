locals {
  common = read_terragrunt_config("common.hcl")
}
