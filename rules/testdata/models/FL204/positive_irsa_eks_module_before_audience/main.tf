# An old pin of the IRSA module: before v4.21.1 it wrote only the :sub
# condition, so the trust accepts tokens minted for any audience.
module "ebs_csi_irsa" { # want FL204 `sts.amazonaws.com`
  source  = "terraform-aws-modules/iam/aws//modules/iam-role-for-service-accounts-eks"
  version = "4.20.3"

  role_name             = "orders-ebs-csi"
  attach_ebs_csi_policy = true

  oidc_providers = {
    orders = {
      provider_arn               = "arn:aws:iam::345678901234:oidc-provider/oidc.eks.ap-southeast-2.amazonaws.com/id/1234ABCD5678EF901234ABCD5678EF90"
      namespace_service_accounts = ["kube-system:ebs-csi-controller-sa"]
    }
  }
}

resource "kubernetes_service_account_v1" "ebs_csi" {
  metadata {
    name      = "ebs-csi-controller-sa"
    namespace = "kube-system"
    annotations = {
      "eks.amazonaws.com/role-arn" = module.ebs_csi_irsa.iam_role_arn
    }
  }
}
