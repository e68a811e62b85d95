# This file is copied into the cluster's add-ons root by the platform
# pipeline, which declares module.efs_csi_role there; what the role
# trusts is not in this tree.
resource "helm_release" "efs_csi" {
  name       = "aws-efs-csi-driver"
  namespace  = "kube-system"
  repository = "https://kubernetes-sigs.github.io/aws-efs-csi-driver/"
  chart      = "aws-efs-csi-driver"
  version    = "3.1.2"

  set {
    name  = "controller.serviceAccount.name"
    value = "efs-csi-controller"
  }

  set {
    name  = "controller.serviceAccount.annotations.eks\\.amazonaws\\.com/role-arn"
    value = module.efs_csi_role.iam_role_arn
  }
}
