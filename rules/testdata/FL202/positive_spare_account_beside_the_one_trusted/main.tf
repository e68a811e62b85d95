resource "aws_iam_openid_connect_provider" "eks" {
  url            = "https://oidc.eks.eu-west-2.amazonaws.com/id/9C8B7A6F5E4D3C2B1A0F9E8D7C6B5A49"
  client_id_list = ["sts.amazonaws.com"]
}

locals {
  issuer = "oidc.eks.eu-west-2.amazonaws.com/id/9C8B7A6F5E4D3C2B1A0F9E8D7C6B5A49"
}

resource "aws_iam_role" "ebs" {
  name = "thames-ebs-csi"
  assume_role_policy = jsonencode({ # want FL202:warning `trust of role "thames-ebs-csi" \(aws_iam_role.ebs\) allows system:serviceaccount:kube-system:ebs-csi-controller-sa; the service account bound to it is kube-system:ebs-csi: kubernetes_service_account_v1.spare`
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

# The add-on's controller runs as ebs-csi-controller-sa, which the trust
# allows: the driver works.
resource "aws_eks_addon" "ebs" {
  cluster_name             = "thames"
  addon_name               = "aws-ebs-csi-driver"
  service_account_role_arn = aws_iam_role.ebs.arn
}

# Left over from a manual install; no pod of the tree runs as it, so its
# refusal is one severity lower.
resource "kubernetes_service_account_v1" "spare" {
  metadata {
    name      = "ebs-csi"
    namespace = "kube-system"
    annotations = {
      "eks.amazonaws.com/role-arn" = aws_iam_role.ebs.arn
    }
  }
}
