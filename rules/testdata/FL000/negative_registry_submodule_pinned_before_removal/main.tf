variable "oidc_provider_arn" {
  type = string
}

# Kept on the v5 line, where this submodule still is, until the move to
# iam-role-for-service-accounts.
module "orders_role" {
  source  = "terraform-aws-modules/iam/aws//modules/iam-role-for-service-accounts-eks"
  version = "~> 5.48"

  role_name = "orders"

  oidc_providers = {
    main = {
      provider_arn               = var.oidc_provider_arn
      namespace_service_accounts = ["orders:orders-api"]
    }
  }
}
