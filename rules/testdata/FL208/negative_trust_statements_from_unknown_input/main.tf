# The providers are handed in by the pipeline (-var-file per environment);
# the module makes one trust statement per entry.
variable "oidc_providers" {
  type = map(object({
    provider_arn               = string
    namespace_service_accounts = list(string)
  }))
}

module "ingress_irsa" {
  source  = "terraform-aws-modules/iam/aws//modules/iam-role-for-service-accounts-eks"
  version = "5.44.0"

  role_name      = "ingress-controller"
  oidc_providers = var.oidc_providers
}

resource "kubernetes_service_account_v1" "ingress" {
  metadata {
    name      = "ingress-nginx"
    namespace = "ingress"
    annotations = {
      "eks.amazonaws.com/role-arn" = module.ingress_irsa.iam_role_arn
    }
  }
}
