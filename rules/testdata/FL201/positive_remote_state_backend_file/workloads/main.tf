data "terraform_remote_state" "identity" {
  backend = "s3"
  config = {
    bucket = "northwind-tf-state"
    key    = "platform/identity.tfstate"
    region = "us-east-2"
  }
}

resource "kubernetes_service_account_v1" "reports" {
  metadata {
    name      = "reports-exporter"
    namespace = "reporting"
    annotations = {
      "eks.amazonaws.com/role-arn" = data.terraform_remote_state.identity.outputs.reports_role_arn
    }
  }
}
