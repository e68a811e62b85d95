locals {
  provider = read_terragrunt_config("${get_parent_terragrunt_dir()}/provider.hcl")
}

# The generate blocks of provider.hcl, set as the generate attribute.
generate = local.provider.generate
