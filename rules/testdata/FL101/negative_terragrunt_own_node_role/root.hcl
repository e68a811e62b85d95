# Shared by every unit of the live tree.
locals {
  region = "eu-west-1"
}

remote_state {
  backend = "s3"
  config = {
    bucket = "acme-live-state"
    key    = "${path_relative_to_include()}/terraform.tfstate"
    region = local.region
  }
}

generate "provider" {
  path      = "provider.tf"
  if_exists = "overwrite_terragrunt"
  contents  = <<EOF
provider "aws" {
  region = "${local.region}"
}
EOF
}
