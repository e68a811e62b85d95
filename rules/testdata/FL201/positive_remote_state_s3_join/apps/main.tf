terraform {
  backend "s3" {
    bucket = "acme-platform-state"
    key    = "prod/apps/terraform.tfstate"
    region = "eu-west-1"
  }
}

# The roles live in the iam root; this root reads them from its state.
data "terraform_remote_state" "iam" {
  backend = "s3"
  config = {
    bucket = "acme-platform-state"
    key    = "prod/iam/terraform.tfstate"
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
