resource "aws_eks_cluster" "main" {
  name     = "orders"
  role_arn = "arn:aws:iam::123456789012:role/orders-cluster"
  vpc_config {
    subnet_ids = ["subnet-0123456789abcdef0", "subnet-0fedcba9876543210"]
  }
}

resource "aws_iam_openid_connect_provider" "main" {
  url             = aws_eks_cluster.main.identity[0].oidc[0].issuer
  client_id_list  = ["sts.amazonaws.com"]
  thumbprint_list = ["9e99a48a9960b14926bb7f3b02e22da2b0ab7280"]
}

locals {
  # Copied from code that keyed on the provider ARN: on the issuer URL the
  # pattern matches nothing, and the https:// stays in the key.
  issuer_key = replace(aws_eks_cluster.main.identity[0].oidc[0].issuer, "/^(.*oidc-provider\\/)/", "")
  # A plain pattern meant for the ARN, likewise.
  issuer_key_plain = replace(aws_eks_cluster.main.identity[0].oidc[0].issuer, ":oidc-provider/", "")
}

data "aws_iam_policy_document" "checkout_trust" {
  statement {
    actions = ["sts:AssumeRoleWithWebIdentity"]
    principals {
      type        = "Federated"
      identifiers = [aws_iam_openid_connect_provider.main.arn]
    }
    condition {
      test     = "StringEquals"
      variable = "${local.issuer_key}:sub"
      values   = ["system:serviceaccount:orders:checkout"]
    }
    condition {
      test     = "StringEquals"
      variable = "${local.issuer_key_plain}:aud"
      values   = ["sts.amazonaws.com"]
    }
  }
}

resource "aws_iam_role" "checkout" {
  name               = "orders-checkout"
  assume_role_policy = data.aws_iam_policy_document.checkout_trust.json # want FL207:error `condition key "\$\{aws_eks_cluster.main.identity\[0\].oidc\[0\].issuer\}:sub" is built from aws_eks_cluster.main.identity\[0\].oidc\[0\].issuer, the cluster's issuer URL, which starts with https://` FL207:error `condition key "\$\{aws_eks_cluster.main.identity\[0\].oidc\[0\].issuer\}:aud" is built from`
}
