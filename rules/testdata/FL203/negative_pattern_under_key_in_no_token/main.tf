# The tracing role's trust is keyed on the issuer with its https://
# scheme: no token carries such a key, so the pattern admits no one
# (FL207's finding), not every tempo-* account.
data "aws_eks_cluster" "this" {
  name = "observability"
}

data "aws_iam_policy_document" "tempo_trust" {
  statement {
    actions = ["sts:AssumeRoleWithWebIdentity"]
    principals {
      type        = "Federated"
      identifiers = ["arn:aws:iam::123412341234:oidc-provider/oidc.eks.eu-west-3.amazonaws.com/id/7A7A7A"]
    }
    condition {
      test     = "StringEquals"
      variable = "oidc.eks.eu-west-3.amazonaws.com/id/7A7A7A:aud"
      values   = ["sts.amazonaws.com"]
    }
    condition {
      test     = "StringLike"
      variable = "https://oidc.eks.eu-west-3.amazonaws.com/id/7A7A7A:sub"
      values   = ["system:serviceaccount:tracing:tempo-*"]
    }
  }
}

resource "aws_iam_role" "tempo" {
  name               = "tempo-storage"
  assume_role_policy = data.aws_iam_policy_document.tempo_trust.json # want FL207 `starts with the issuer URL's scheme`
}
