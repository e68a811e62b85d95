# The provider comes from a variable and the only subject condition is a
# negation: a service account is named, but what the trust allows is
# everything else, which says nothing about which provider signs it.
variable "oidc_provider_arn" {
  type = string
}

variable "oidc_issuer" {
  type = string
}

data "aws_iam_policy_document" "assume" {
  statement {
    actions = ["sts:AssumeRoleWithWebIdentity"]
    principals {
      type        = "Federated"
      identifiers = [var.oidc_provider_arn]
    }
    condition {
      test     = "StringNotEquals"
      variable = "${var.oidc_issuer}:sub"
      values   = ["system:serviceaccount:monitoring:default"]
    }
    condition {
      test     = "StringEquals"
      variable = "${var.oidc_issuer}:aud"
      values   = ["sts.amazonaws.com"]
    }
  }
}

resource "aws_iam_role" "metrics" {
  name               = "cloudwatch-metrics"
  assume_role_policy = data.aws_iam_policy_document.assume.json
}
