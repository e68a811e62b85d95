locals {
  other = read_terragrunt_config("other.hcl")
}
