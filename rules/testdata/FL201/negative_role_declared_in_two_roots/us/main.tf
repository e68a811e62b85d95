# The US copy of the reporting role, written with a policy document; the
# root is applied to its own account, which the tree does not say.
data "aws_iam_policy_document" "reports_trust" {
  statement {
    actions = ["sts:AssumeRoleWithWebIdentity"]
    principals {
      type        = "Federated"
      identifiers = ["arn:aws:iam::111122223333:oidc-provider/oidc.eks.us-east-2.amazonaws.com/id/B7A4E91C03D2"]
    }
    condition {
      test     = "StringEquals"
      variable = "oidc.eks.us-east-2.amazonaws.com/id/B7A4E91C03D2:sub"
      values   = ["system:serviceaccount:analytics:atlas"]
    }
    condition {
      test     = "StringEquals"
      variable = "oidc.eks.us-east-2.amazonaws.com/id/B7A4E91C03D2:aud"
      values   = ["sts.amazonaws.com"]
    }
  }
}

resource "aws_iam_role" "reports" {
  name               = "atlas-reports"
  assume_role_policy = data.aws_iam_policy_document.reports_trust.json
}
