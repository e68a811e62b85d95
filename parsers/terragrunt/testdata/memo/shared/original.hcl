# get_original_terragrunt_dir() is the directory of the unit reading.
locals {
  dir = get_original_terragrunt_dir()
}
