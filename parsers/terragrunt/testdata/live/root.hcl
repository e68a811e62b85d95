# Shared configuration of every unit below: state, provider, common inputs.
locals {
  project = "shop"
  region  = "eu-west-1"
  prefix  = "${local.project}-${local.region}"
}

remote_state {
  backend = "s3"
  config = {
    bucket  = "shop-tfstate"
    key     = "${path_relative_to_include()}/terraform.tfstate"
    region  = local.region
    encrypt = true
  }
}

generate "provider" {
  path      = "provider.tf"
  if_exists = "overwrite_terragrunt"
  contents  = <<EOF
provider "aws" {
  region = "eu-west-1"
}
EOF
}

inputs = {
  tags    = { team = "platform" }
  subnets = ["subnet-a"]
}
