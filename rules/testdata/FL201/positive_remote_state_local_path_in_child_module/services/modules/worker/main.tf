# Terraform runs in services/: the path is relative to that directory,
# not to this module's.
data "terraform_remote_state" "platform" {
  backend = "local"
  config = {
    path = "../platform/terraform.tfstate"
  }
}

resource "kubernetes_service_account_v1" "exporter" {
  metadata {
    name      = "metrics-exporter"
    namespace = "monitoring"
    annotations = {
      "eks.amazonaws.com/role-arn" = data.terraform_remote_state.platform.outputs.exporter_role_arn
    }
  }
}
