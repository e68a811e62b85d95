data "aws_caller_identity" "current" {}

locals {
  # The issuer as IAM and the condition keys spell it: no scheme.
  oidc_issuer = replace(aws_eks_cluster.billing.identity[0].oidc[0].issuer, "https://", "")
}

resource "aws_iam_openid_connect_provider" "billing" {
  url             = aws_eks_cluster.billing.identity[0].oidc[0].issuer
  client_id_list  = ["sts.amazonaws.com"]
  thumbprint_list = ["9e99a48a9960b14926bb7f3b02e22da2b0ab7280"]
}

# The EBS CSI driver's controller runs as kube-system/ebs-csi-controller-sa.
resource "aws_iam_role" "ebs_csi" {
  name = "billing-ebs-csi"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = "arn:aws:iam::${data.aws_caller_identity.current.account_id}:oidc-provider/${local.oidc_issuer}" }
      Condition = {
        StringEquals = {
          "${local.oidc_issuer}:sub" = "system:serviceaccount:kube-system:ebs-csi-controller-sa"
          "${local.oidc_issuer}:aud" = "sts.amazonaws.com"
        }
      }
    }]
  })
}
