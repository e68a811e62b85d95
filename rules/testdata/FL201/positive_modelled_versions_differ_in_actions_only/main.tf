# ~> 5.30 allows two modelled versions of the OIDC role module: up to
# v5.43 its trust allows sts:AssumeRoleWithWebIdentity, from v5.44 also
# sts:TagSession. The subject condition is the same in both, so the
# mismatch is proven: an error, not lowered.
module "dns_role" { # want FL204 `trust of role "shop-external-dns" \(module.dns_role.aws_iam_role.this\[0\]\) has a web-identity statement without an :aud = sts.amazonaws.com condition`
  source  = "terraform-aws-modules/iam/aws//modules/iam-assumable-role-with-oidc"
  version = "~> 5.30"

  create_role  = true
  role_name    = "shop-external-dns"
  provider_url = "https://oidc.eks.eu-west-1.amazonaws.com/id/0D15EA5E0D15EA5E0D15EA5E0D15EA5E"

  oidc_fully_qualified_subjects = ["system:serviceaccount:external-dns:external-dns"] # want FL201:error `allows system:serviceaccount:external-dns:external-dns; the service account runs as kube-system:external-dns`
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
