# The cluster-autoscaler role from the v4.0 era of the OIDC role module.
module "cluster_autoscaler_role" {
  source  = "terraform-aws-modules/iam/aws//modules/iam-assumable-role-with-oidc"
  version = "4.1.0"

  create_role                   = true
  role_name                     = "meadow-cluster-autoscaler"
  provider_url                  = "oidc.eks.ca-central-1.amazonaws.com/id/44AA55BB66CC77DD88EE99FF00AA11BB"
  oidc_fully_qualified_subjects = ["system:serviceaccount:kube-system:cluster-autoscaler"]
}

resource "kubernetes_service_account_v1" "cluster_autoscaler" {
  metadata {
    name      = "cluster-autoscaler"
    namespace = "kube-system"
    annotations = {
      "eks.amazonaws.com/role-arn" = module.cluster_autoscaler_role.iam_role_arn
    }
  }
}
