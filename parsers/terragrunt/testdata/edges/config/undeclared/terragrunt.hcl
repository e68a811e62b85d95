include "common" {
  path = find_in_parent_folders("common.hcl")
}

locals {
  name = "api"
}

terraform {
  source = "../../modules/vpc"
}

inputs = {
  name = local.name
  tags = merge(local.common_tags, { app = local.name })
}

# Guarded: try() catches the failure, and an untaken branch is never
# evaluated. Terragrunt reads these.
generate "labels" {
  path     = "labels.auto.tfvars"
  contents = try(local.labels_file, "")
}

remote_state {
  backend = "s3"
  config = {
    bucket = "api-state"
    key    = local.name == "api" ? "api/terraform.tfstate" : "${local.team}/terraform.tfstate"
    region = "eu-west-1"
  }
}
