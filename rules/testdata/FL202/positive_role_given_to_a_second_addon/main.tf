resource "aws_iam_openid_connect_provider" "eks" {
  url            = "https://oidc.eks.eu-west-2.amazonaws.com/id/3A4B5C6D7E8F90A1B2C3D4E5F6A7B8C9"
  client_id_list = ["sts.amazonaws.com"]
}

locals {
  issuer = "oidc.eks.eu-west-2.amazonaws.com/id/3A4B5C6D7E8F90A1B2C3D4E5F6A7B8C9"
}

resource "aws_iam_role" "csi" {
  name = "severn-ebs-csi"
  assume_role_policy = jsonencode({ # want FL202 `trust of role "severn-ebs-csi" \(aws_iam_role.csi\) allows system:serviceaccount:kube-system:ebs-csi-controller-sa; the service account bound to it is kube-system:efs-csi-controller-sa`
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = aws_iam_openid_connect_provider.eks.arn }
      Condition = {
        StringEquals = {
          "${local.issuer}:sub" = "system:serviceaccount:kube-system:ebs-csi-controller-sa"
          "${local.issuer}:aud" = "sts.amazonaws.com"
        }
      }
    }]
  })
}

resource "aws_eks_addon" "ebs" {
  cluster_name             = "severn"
  addon_name               = "aws-ebs-csi-driver"
  service_account_role_arn = aws_iam_role.csi.arn
}

# The EFS driver's controller runs as efs-csi-controller-sa: the add-on
# starts its pods whether the tree shows them or not, and the role
# refuses them.
resource "aws_eks_addon" "efs" {
  cluster_name             = "severn"
  addon_name               = "aws-efs-csi-driver"
  service_account_role_arn = aws_iam_role.csi.arn
}
