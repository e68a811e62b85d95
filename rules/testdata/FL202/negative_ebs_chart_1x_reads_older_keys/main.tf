# Chart 1.x of the EBS CSI driver names its controller account under
# serviceAccount.controller; controller.serviceAccount arrived in 2.0.0.
# Nothing set here is read: the controller runs as the chart's default
# account, the one the trust names, and no account carries the role.
module "ebs_csi_irsa" {
  source    = "terraform-aws-modules/iam/aws//modules/iam-role-for-service-accounts-eks"
  version   = "5.39.0"
  role_name = "billing-ebs-csi"

  oidc_providers = {
    billing = {
      provider_arn               = "arn:aws:iam::111122223333:oidc-provider/oidc.eks.eu-central-1.amazonaws.com/id/7F3A9C"
      namespace_service_accounts = ["kube-system:ebs-csi-controller-sa"]
    }
  }
}

resource "helm_release" "ebs_csi" {
  name       = "aws-ebs-csi-driver"
  namespace  = "kube-system"
  repository = "https://kubernetes-sigs.github.io/aws-ebs-csi-driver"
  chart      = "aws-ebs-csi-driver"
  version    = "1.2.4"

  set {
    name  = "controller.serviceAccount.name"
    value = "billing-ebs"
  }
  set {
    name  = "controller.serviceAccount.annotations.eks\\.amazonaws\\.com/role-arn"
    value = module.ebs_csi_irsa.iam_role_arn
  }
}
