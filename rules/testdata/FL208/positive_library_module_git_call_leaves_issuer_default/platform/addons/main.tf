# The platform's add-on module. Every cluster root calls it by this
# repository's git address, pinned to a tag, and passes the issuer.
variable "cluster_name" {
  type = string
}

variable "oidc_issuer_url" {
  type    = string
  default = ""
}

module "external_dns_irsa" {
  source  = "terraform-aws-modules/iam/aws//modules/iam-assumable-role-with-oidc"
  version = "4.3.0"

  create_role                    = true
  role_name                      = "${var.cluster_name}-external-dns"
  provider_url                   = var.oidc_issuer_url
  oidc_fully_qualified_subjects  = ["system:serviceaccount:kube-system:external-dns"]
  oidc_fully_qualified_audiences = ["sts.amazonaws.com"]
}

resource "helm_release" "external_dns" {
  name       = "external-dns"
  repository = "https://kubernetes-sigs.github.io/external-dns"
  chart      = "external-dns"
  version    = "1.14.0"
  namespace  = "kube-system"

  set {
    name  = "serviceAccount.name"
    value = "external-dns"
  }

  set {
    name  = "serviceAccount.annotations.eks\\.amazonaws\\.com/role-arn"
    value = module.external_dns_irsa.iam_role_arn # want FL208:error `service account kube-system/external-dns .* whose trust does not allow sts:AssumeRoleWithWebIdentity from any OIDC provider \(it trusts no principal at all\)`
  }
}
