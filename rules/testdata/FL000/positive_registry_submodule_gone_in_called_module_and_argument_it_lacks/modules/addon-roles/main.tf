variable "cluster_name" {
  type = string
}

variable "oidc_provider_arn" {
  type    = string
  default = "arn:aws:iam::707070707070:oidc-provider/oidc.eks.eu-west-1.amazonaws.com/id/0A1B2C3D4E5F60718293A4B5C6D7E8F9"
}

module "dns_role" {
  source = "terraform-aws-modules/iam/aws//modules/iam-role-for-service-accounts-eks" # want FL000 "Unreadable module subdirectory"

  role_name                     = "${var.cluster_name}-external-dns"
  attach_external_dns_policy    = true
  external_dns_hosted_zone_arns = ["arn:aws:route53:::hostedzone/Z0123456789ABCDEFGHIJ"]

  oidc_providers = {
    main = {
      provider_arn               = var.oidc_provider_arn
      namespace_service_accounts = ["kube-system:external-dns"]
    }
  }
}
