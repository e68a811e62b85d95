variable "namespace" {
  type    = string
  default = "default"
}

variable "role_arn" {
  type    = string
  default = "arn:aws:iam::123456789012:role/billing"
}

resource "kubernetes_service_account" "invoicer" {
  metadata {
    name      = "invoicer"
    namespace = var.namespace
    annotations = {
      "eks.amazonaws.com/role-arn" = var.role_arn
    }
  }
}
