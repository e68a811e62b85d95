# A module of the platform, read here on its own: each caller passes its
# cluster's provider ARN; the empty default only marks it as optional.
variable "oidc_provider_arn" {
  type    = string
  default = ""
}

module "fluent_bit_irsa" {
  source  = "terraform-aws-modules/iam/aws//modules/iam-role-for-service-accounts-eks"
  version = "5.44.0"

  role_name = "fluent-bit"
  oidc_providers = {
    cluster = {
      provider_arn               = var.oidc_provider_arn
      namespace_service_accounts = ["logging:fluent-bit"]
    }
  }
}

resource "kubernetes_service_account_v1" "fluent_bit" {
  metadata {
    name      = "fluent-bit"
    namespace = "logging"
    annotations = {
      "eks.amazonaws.com/role-arn" = module.fluent_bit_irsa.iam_role_arn
    }
  }
}
