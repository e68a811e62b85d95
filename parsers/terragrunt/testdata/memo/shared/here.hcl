# get_terragrunt_dir() in a file read_terragrunt_config reads is the
# file's own directory (Terragrunt parses it with its own config path).
locals {
  dir = get_terragrunt_dir()
}
