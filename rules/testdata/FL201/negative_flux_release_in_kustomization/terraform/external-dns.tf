locals {
  issuer = "oidc.eks.eu-central-1.amazonaws.com/id/7A1B2C3D4E5F60718293A4B5C6D7E8F9"
}

data "aws_iam_policy_document" "external_dns_trust" {
  statement {
    actions = ["sts:AssumeRoleWithWebIdentity"]
    principals {
      type        = "Federated"
      identifiers = ["arn:aws:iam::444455556666:oidc-provider/${local.issuer}"]
    }
    # The controller lives in its own namespace.
    condition {
      test     = "StringEquals"
      variable = "${local.issuer}:sub"
      values   = ["system:serviceaccount:external-dns:external-dns"]
    }
    condition {
      test     = "StringEquals"
      variable = "${local.issuer}:aud"
      values   = ["sts.amazonaws.com"]
    }
  }
}

resource "aws_iam_role" "external_dns" {
  name               = "prod-external-dns"
  assume_role_policy = data.aws_iam_policy_document.external_dns_trust.json
}
