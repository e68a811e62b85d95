# The other binding: the account carries long-lived keys from a Secret
# instead of a role. Only read when var.binding is "static".
variable "namespace" {
  type    = string
  default = "default"
}

variable "role_arn" {
  type    = string
  default = ""
}

resource "kubernetes_service_account" "invoicer" {
  metadata {
    name      = "invoicer"
    namespace = var.namespace
  }
}

resource "kubernetes_secret" "invoicer_keys" {
  metadata {
    name      = "invoicer-aws-keys"
    namespace = var.namespace
  }
}
