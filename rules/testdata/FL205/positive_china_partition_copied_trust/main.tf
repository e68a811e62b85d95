# Two clusters in the China partition, one per region. The trust was
# copied from the Beijing cluster's role and only its principal was
# changed to the Ningxia cluster's provider.
locals {
  beijing_issuer = "oidc.eks.cn-north-1.amazonaws.com.cn/id/C0C0A0C0C0A0C0C0A0C0C0A0C0C0A0C0"
  ningxia_issuer = "oidc.eks.cn-northwest-1.amazonaws.com.cn/id/C0C0A0C0C0A0C0C0A0C0C0A0C0C0A0C0"
}

resource "aws_iam_role" "ebs_csi" {
  name = "ningxia-ebs-csi"
  assume_role_policy = jsonencode({ # want FL205 `lets in OIDC provider oidc.eks.cn-northwest-1.amazonaws.com.cn/id/C0C0A0C0C0A0C0C0A0C0C0A0C0C0A0C0 but its conditions .* test issuer oidc.eks.cn-north-1.amazonaws.com.cn/id/C0C0A0C0C0A0C0C0A0C0C0A0C0C0A0C0`
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = "arn:aws-cn:iam::123456789012:oidc-provider/${local.ningxia_issuer}" }
      Condition = {
        StringEquals = {
          "${local.beijing_issuer}:sub" = "system:serviceaccount:kube-system:ebs-csi-controller-sa"
          "${local.beijing_issuer}:aud" = "sts.amazonaws.com"
        }
      }
    }]
  })
}
