variable "oidc_provider_arn" {
  type = string
}

# Bumped to the v6 line with the rest of the IAM modules; this submodule
# did not survive v6.0.0.
module "orders_role" {
  source  = "terraform-aws-modules/iam/aws//modules/iam-role-for-service-accounts-eks" # want FL000 "Unreadable module subdirectory: The target submodule modules/iam-role-for-service-accounts-eks does not exist within the target module terraform-aws-modules/iam/aws from v6.0.0 on"
  version = "~> 6.0"

  role_name = "orders"

  oidc_providers = {
    main = {
      provider_arn               = var.oidc_provider_arn
      namespace_service_accounts = ["orders:orders-api"]
    }
  }
}
