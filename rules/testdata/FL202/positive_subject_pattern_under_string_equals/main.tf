# The trust meant every account of the driver, but a * under StringEquals
# is a literal asterisk; the chart's controller account is not it.
resource "aws_iam_role" "efs" {
  name = "files-efs-csi"
  assume_role_policy = jsonencode({ # want FL202 `allows system:serviceaccount:storage:efs-csi-\*` FL207 `under StringEquals is compared literally` FL204:warning `without an :aud`
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Principal = { Federated = "arn:aws:iam::222233334444:oidc-provider/oidc.eks.us-west-2.amazonaws.com/id/F11E5F11E5F11E5F11E5F11E5F11E5F1" }
      Action    = "sts:AssumeRoleWithWebIdentity"
      Condition = {
        StringEquals = {
          "oidc.eks.us-west-2.amazonaws.com/id/F11E5F11E5F11E5F11E5F11E5F11E5F1:sub" = "system:serviceaccount:storage:efs-csi-*"
        }
      }
    }]
  })
}

resource "helm_release" "efs" {
  name       = "aws-efs-csi-driver"
  namespace  = "storage"
  repository = "https://kubernetes-sigs.github.io/aws-efs-csi-driver"
  chart      = "aws-efs-csi-driver"
  version    = "3.1.2"

  set {
    name  = "controller.serviceAccount.annotations.eks\\.amazonaws\\.com/role-arn"
    value = aws_iam_role.efs.arn
  }
}
