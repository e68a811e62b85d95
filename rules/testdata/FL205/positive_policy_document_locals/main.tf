provider "aws" {
  region = "eu-west-1"
}

locals {
  account_id = "444455556666"

  # Two clusters in one account; the blue/green migration left the
  # load balancer controller's trust half on each.
  blue_issuer  = "oidc.eks.eu-west-1.amazonaws.com/id/8A3F61D2C0B94E7A95D14B6E2C7F0A31"
  green_issuer = "oidc.eks.eu-west-1.amazonaws.com/id/E41B9C7D2F6A48D3B0C5A9E8F1D2736B"
}

data "aws_iam_policy_document" "lbc_trust" {
  statement {
    effect  = "Allow"
    actions = ["sts:AssumeRoleWithWebIdentity"]

    principals {
      type        = "Federated"
      identifiers = ["arn:aws:iam::${local.account_id}:oidc-provider/${local.green_issuer}"]
    }

    condition {
      test     = "StringEquals"
      variable = "${local.blue_issuer}:sub"
      values   = ["system:serviceaccount:kube-system:aws-load-balancer-controller"]
    }

    condition {
      test     = "StringEquals"
      variable = "${local.green_issuer}:aud"
      values   = ["sts.amazonaws.com"]
    }
  }
}

resource "aws_iam_role" "lbc" {
  name               = "green-aws-load-balancer-controller"
  assume_role_policy = data.aws_iam_policy_document.lbc_trust.json # want FL205 `lets in OIDC provider oidc.eks.eu-west-1.amazonaws.com/id/E41B9C7D2F6A48D3B0C5A9E8F1D2736B but its condition "oidc.eks.eu-west-1.amazonaws.com/id/8A3F61D2C0B94E7A95D14B6E2C7F0A31:sub" tests issuer`
}
