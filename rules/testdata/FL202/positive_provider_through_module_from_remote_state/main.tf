# The cluster's stack publishes its OIDC provider in one object output;
# this stack reads it from remote state and hands it to the add-on module.
variable "state_bucket" {
  type = string
}

data "terraform_remote_state" "cluster" {
  backend = "s3"
  config = {
    bucket = var.state_bucket
    key    = "eks/prod.tfstate"
    region = "us-east-2"
  }
}

locals {
  eks = data.terraform_remote_state.cluster.outputs.eks
}

module "cert_manager" {
  source = "./modules/irsa-addon"

  oidc_provider_arn = local.eks.oidc_provider_arn
  oidc_provider     = local.eks.oidc_provider
}
