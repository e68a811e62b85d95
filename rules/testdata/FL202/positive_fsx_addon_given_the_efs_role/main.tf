resource "aws_iam_openid_connect_provider" "eks" {
  url            = "https://oidc.eks.ap-southeast-2.amazonaws.com/id/7C1D2E3F4A5B6C7D8E9F0A1B2C3D4E5F"
  client_id_list = ["sts.amazonaws.com"]
}

locals {
  issuer = "oidc.eks.ap-southeast-2.amazonaws.com/id/7C1D2E3F4A5B6C7D8E9F0A1B2C3D4E5F"
}

# Written for the EFS driver; the FSx for Lustre add-on was added later and
# given the same role. Its controller runs as fsx-csi-controller-sa in
# kube-system, which the trust does not name.
resource "aws_iam_role" "storage" {
  name = "render-farm-storage"
  assume_role_policy = jsonencode({ # want FL202 `trust of role "render-farm-storage" \(aws_iam_role.storage\) allows system:serviceaccount:kube-system:efs-csi-controller-sa; the service account bound to it is kube-system:fsx-csi-controller-sa`
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = aws_iam_openid_connect_provider.eks.arn }
      Condition = {
        StringEquals = {
          "${local.issuer}:sub" = "system:serviceaccount:kube-system:efs-csi-controller-sa"
          "${local.issuer}:aud" = "sts.amazonaws.com"
        }
      }
    }]
  })
}

resource "aws_eks_addon" "efs" {
  cluster_name             = "render-farm"
  addon_name               = "aws-efs-csi-driver"
  service_account_role_arn = aws_iam_role.storage.arn
}

resource "aws_eks_addon" "fsx" {
  cluster_name             = "render-farm"
  addon_name               = "aws-fsx-csi-driver"
  service_account_role_arn = aws_iam_role.storage.arn
}
