# A wrapper module: the caller hands in the OIDC providers, which are not
# set here. The IRSA module makes one trust statement per provider, so
# how many, and what they trust, is not known; the role is not one that
# trusts nobody.
variable "oidc_providers" {
  type = any
}

module "dns_irsa" {
  source  = "terraform-aws-modules/iam/aws//modules/iam-role-for-service-accounts-eks"
  version = "~> 5.40"

  role_name      = "external-dns"
  oidc_providers = var.oidc_providers
}

resource "kubernetes_service_account_v1" "dns" {
  metadata {
    name      = "external-dns"
    namespace = "kube-system"
    annotations = {
      "eks.amazonaws.com/role-arn" = module.dns_irsa.iam_role_arn
    }
  }
}
