# The ingest workers run in one namespace per tenant; the trust was widened
# with a set operator, which on the single-valued :sub claim is StringLike.
data "aws_iam_policy_document" "ingest_assume" {
  statement {
    actions = ["sts:AssumeRoleWithWebIdentity"]
    principals {
      type        = "Federated"
      identifiers = ["arn:aws:iam::777788889999:oidc-provider/oidc.eks.eu-central-1.amazonaws.com/id/AB12CD34EF56AB12CD34EF56AB12CD34"]
    }
    condition {
      test     = "ForAnyValue:StringLike"
      variable = "oidc.eks.eu-central-1.amazonaws.com/id/AB12CD34EF56AB12CD34EF56AB12CD34:sub"
      values   = ["system:serviceaccount:*:ingest-worker"]
    }
    condition {
      test     = "StringEquals"
      variable = "oidc.eks.eu-central-1.amazonaws.com/id/AB12CD34EF56AB12CD34EF56AB12CD34:aud"
      values   = ["sts.amazonaws.com"]
    }
  }
}

resource "aws_iam_role" "ingest" {
  name               = "tenant-ingest"
  assume_role_policy = data.aws_iam_policy_document.ingest_assume.json # want FL203 `lets service accounts of any namespace assume it: ForAnyValue:StringLike system:serviceaccount:\*:ingest-worker`
}
