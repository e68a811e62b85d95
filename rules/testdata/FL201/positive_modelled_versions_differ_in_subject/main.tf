# >= 4.12, < 4.21 allows two modelled versions of the IRSA role module:
# v4.12–v4.13 write the :sub condition under StringEquals, from v4.14 under
# assume_role_condition_test (StringLike here). The subject condition the
# finding rests on differs between them: inferred, one level lower.
module "dns_role" { # want FL204 `trust of role "shop-external-dns" \(module.dns_role.aws_iam_role.this\[0\]\) has a web-identity statement without an :aud = sts.amazonaws.com condition`
  source  = "terraform-aws-modules/iam/aws//modules/iam-role-for-service-accounts-eks"
  version = ">= 4.12, < 4.21"

  role_name                  = "shop-external-dns"
  assume_role_condition_test = "StringLike"

  oidc_providers = {
    main = {
      provider_arn               = "arn:aws:iam::444455556666:oidc-provider/oidc.eks.eu-west-1.amazonaws.com/id/0D15EA5E0D15EA5E0D15EA5E0D15EA5E"
      namespace_service_accounts = ["external-dns:external-dns"] # want FL201:warning `allows system:serviceaccount:external-dns:external-dns; the service account runs as kube-system:external-dns`
    }
  }
}

resource "kubernetes_service_account_v1" "dns" {
  metadata {
    name      = "external-dns"
    namespace = "kube-system"
    annotations = {
      "eks.amazonaws.com/role-arn" = module.dns_role.iam_role_arn
    }
  }
}
