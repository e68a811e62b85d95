# Reads the identity root's staging workspace.
data "terraform_remote_state" "identity" {
  backend   = "s3"
  workspace = "staging"
  config = {
    bucket               = "orbit-tfstate"
    key                  = "identity.tfstate"
    workspace_key_prefix = "tenants"
    region               = "us-west-2"
  }
}

resource "kubernetes_service_account_v1" "invoice_worker" {
  metadata {
    name      = "invoice-worker"
    namespace = "invoices"
    annotations = {
      "eks.amazonaws.com/role-arn" = data.terraform_remote_state.identity.outputs.invoice_worker_role_arn
    }
  }
}
