# Every unit includes this file and reads the region settings through it.
locals {
  region = read_terragrunt_config(find_in_parent_folders("region.hcl"))
}
