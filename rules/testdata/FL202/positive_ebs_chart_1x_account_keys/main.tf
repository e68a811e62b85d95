# Chart 1.x reads serviceAccount.controller.*: the controller runs as
# billing-ebs, and the trust was written for the chart's default name.
module "ebs_csi_irsa" {
  source    = "terraform-aws-modules/iam/aws//modules/iam-role-for-service-accounts-eks"
  version   = "5.39.0"
  role_name = "billing-ebs-csi"

  oidc_providers = {
    billing = {
      provider_arn               = "arn:aws:iam::111122223333:oidc-provider/oidc.eks.eu-central-1.amazonaws.com/id/7F3A9C"
      namespace_service_accounts = ["kube-system:ebs-csi-controller-sa"] # want FL202 `allows system:serviceaccount:kube-system:ebs-csi-controller-sa; the service account bound to it is kube-system:billing-ebs`
    }
  }
}

resource "helm_release" "ebs_csi" {
  name       = "aws-ebs-csi-driver"
  namespace  = "kube-system"
  repository = "https://kubernetes-sigs.github.io/aws-ebs-csi-driver"
  chart      = "aws-ebs-csi-driver"
  version    = "~1.2.0"

  set {
    name  = "serviceAccount.controller.name"
    value = "billing-ebs"
  }
  set {
    name  = "serviceAccount.controller.annotations.eks\\.amazonaws\\.com/role-arn"
    value = module.ebs_csi_irsa.iam_role_arn
  }
}
