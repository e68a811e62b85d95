# Crossplane is installed into its own "crossplane" namespace, where it
# runs its providers, and the trust names that namespace.
locals {
  issuer = "oidc.eks.eu-central-1.amazonaws.com/id/5E1F0C2A9B7D4E3F8A6C1B0D9E8F7A6B"
}

data "aws_iam_policy_document" "crossplane" {
  statement {
    actions = ["sts:AssumeRoleWithWebIdentity"]
    principals {
      type        = "Federated"
      identifiers = ["arn:aws:iam::210987654321:oidc-provider/${local.issuer}"]
    }
    condition {
      test     = "StringLike"
      variable = "${local.issuer}:sub"
      values   = ["system:serviceaccount:crossplane:provider-aws-*"]
    }
    condition {
      test     = "StringEquals"
      variable = "${local.issuer}:aud"
      values   = ["sts.amazonaws.com"]
    }
  }
}

resource "aws_iam_role" "crossplane" {
  name               = "crossplane-providers"
  assume_role_policy = data.aws_iam_policy_document.crossplane.json # want FL203:warning `namespace crossplane matching provider-aws-\*`
}

resource "helm_release" "crossplane" {
  name             = "crossplane"
  repository       = "https://charts.crossplane.io/stable"
  chart            = "crossplane"
  version          = "1.17.1"
  namespace        = "crossplane"
  create_namespace = true
}
