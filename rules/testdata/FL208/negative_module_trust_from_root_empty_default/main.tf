# Read alone, this module's issuer is its empty default, and the role
# module then writes no statement; its callers always pass the issuer.
variable "cluster_oidc_issuer_url" {
  type    = string
  default = ""
}

module "autoscaler_role" {
  source                        = "terraform-aws-modules/iam/aws//modules/iam-assumable-role-with-oidc"
  version                       = "5.30.0"
  create_role                   = true
  role_name                     = "cluster-autoscaler"
  provider_url                  = var.cluster_oidc_issuer_url
  oidc_fully_qualified_subjects = ["system:serviceaccount:kube-system:cluster-autoscaler"]
}

resource "kubernetes_service_account_v1" "autoscaler" {
  metadata {
    name      = "cluster-autoscaler"
    namespace = "kube-system"
    annotations = {
      "eks.amazonaws.com/role-arn" = module.autoscaler_role.iam_role_arn
    }
  }
}
