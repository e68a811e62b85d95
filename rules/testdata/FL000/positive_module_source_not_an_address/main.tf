# The network module sits beside this file, but its source lacks "./":
# Terraform reads it as a remote package it cannot place.
module "network" {
  source = "network" # want FL000 `Invalid module source address: Terraform failed to determine your intended installation method for remote module package "network"`

  cidr = "10.30.0.0/16"
}

# A registry submodule whose "//" lost a slash: with a version, Terraform
# reads it as a registry address, which has three or four parts.
module "karpenter" {
  source  = "terraform-aws-modules/eks/aws/modules/karpenter" # want FL000 `Invalid registry module source address: Failed to parse module registry address: a module registry source address must have either three or four slash-separated components`
  version = "~> 20.24"

  cluster_name = "ledger"
}

# GitLab has no shorthand: it needs git::https://.
module "tags" {
  source = "gitlab.com/ledger-platform/terraform-tags" # want FL000 `remote module package "gitlab.com/ledger-platform/terraform-tags"`
}
