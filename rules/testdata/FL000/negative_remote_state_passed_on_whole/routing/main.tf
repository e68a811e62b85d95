terraform {
  backend "s3" {
    bucket = "acme-tfstate"
    key    = "shared/routing/terraform.tfstate"
    region = "eu-north-1"
  }
}

data "terraform_remote_state" "network" {
  backend = "s3"
  config = {
    bucket = "acme-tfstate"
    key    = "shared/network/terraform.tfstate"
    region = "eu-north-1"
  }
}

# The whole read is kept in a map, as the transit gateway's attachments
# look each network up by name.
locals {
  networks = {
    shared = data.terraform_remote_state.network
  }
}

output "core_vpc" {
  value = local.networks["shared"].outputs.vpc_ids["core"]
}
