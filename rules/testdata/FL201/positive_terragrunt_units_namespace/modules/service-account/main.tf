variable "namespace" { type = string }
variable "name" { type = string }
variable "role_arn" { type = string }

resource "kubernetes_service_account_v1" "this" {
  metadata {
    name      = var.name
    namespace = var.namespace
    annotations = {
      "eks.amazonaws.com/role-arn" = var.role_arn
    }
  }
}
