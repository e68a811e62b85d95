# A pattern under StringLikeIfExists that the webhook's audience does not
# match: every service account token carries :aud, so IfExists does not
# let it pass.
data "aws_iam_policy_document" "exporter_assume" {
  statement {
    actions = ["sts:AssumeRoleWithWebIdentity"]
    principals {
      type        = "Federated"
      identifiers = ["arn:aws:iam::210987654321:oidc-provider/oidc.eks.us-west-2.amazonaws.com/id/77AA77AA77AA77AA77AA77AA77AA77AA"]
    }
    condition {
      test     = "StringEquals"
      variable = "oidc.eks.us-west-2.amazonaws.com/id/77AA77AA77AA77AA77AA77AA77AA77AA:sub"
      values   = ["system:serviceaccount:finops:cost-exporter"]
    }
    condition {
      test     = "StringLikeIfExists"
      variable = "oidc.eks.us-west-2.amazonaws.com/id/77AA77AA77AA77AA77AA77AA77AA77AA:aud"
      values   = ["sts.*.amazonaws.com"]
    }
  }
}

resource "aws_iam_role" "exporter" {
  name               = "cost-exporter"
  assume_role_policy = data.aws_iam_policy_document.exporter_assume.json # want FL204 `requires audience sts.\*.amazonaws.com, not sts.amazonaws.com`
}
