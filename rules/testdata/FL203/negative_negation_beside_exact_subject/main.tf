# The negation only narrows an exact subject: one account gets in.
data "aws_iam_policy_document" "metrics_assume" {
  statement {
    actions = ["sts:AssumeRoleWithWebIdentity"]
    principals {
      type        = "Federated"
      identifiers = ["arn:aws:iam::135792468013:oidc-provider/oidc.eks.ca-central-1.amazonaws.com/id/9E9E9E9E9E9E9E9E9E9E9E9E9E9E9E9E"]
    }
    condition {
      test     = "StringEquals"
      variable = "oidc.eks.ca-central-1.amazonaws.com/id/9E9E9E9E9E9E9E9E9E9E9E9E9E9E9E9E:sub"
      values   = ["system:serviceaccount:monitoring:cloudwatch-agent"]
    }
    condition {
      test     = "StringNotLike"
      variable = "oidc.eks.ca-central-1.amazonaws.com/id/9E9E9E9E9E9E9E9E9E9E9E9E9E9E9E9E:sub"
      values   = ["system:serviceaccount:*:default"]
    }
    condition {
      test     = "StringEquals"
      variable = "oidc.eks.ca-central-1.amazonaws.com/id/9E9E9E9E9E9E9E9E9E9E9E9E9E9E9E9E:aud"
      values   = ["sts.amazonaws.com"]
    }
  }
}

resource "aws_iam_role" "metrics" {
  name               = "cloudwatch-metrics"
  assume_role_policy = data.aws_iam_policy_document.metrics_assume.json
}
