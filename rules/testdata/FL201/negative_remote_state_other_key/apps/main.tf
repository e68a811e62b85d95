terraform {
  backend "s3" {
    bucket = "acme-platform-state"
    key    = "prod/apps/terraform.tfstate"
    region = "eu-west-1"
  }
}

# This reads the state an older layout kept the roles in: no root of the
# tree writes it, so the role is unknown and nothing can be judged.
data "terraform_remote_state" "iam" {
  backend = "s3"
  config = {
    bucket = "acme-platform-state"
    key    = "prod/identity/terraform.tfstate"
    region = "eu-west-1"
  }
}

resource "kubernetes_service_account_v1" "external_dns" {
  metadata {
    name      = "external-dns"
    namespace = "dns"
    annotations = {
      "eks.amazonaws.com/role-arn" = data.terraform_remote_state.iam.outputs.external_dns_role_arn
    }
  }
}
