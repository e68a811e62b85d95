# The operator is chosen by a variable the root does not set: the
# condition cannot be read, which is not the same as having none.
variable "allow_any_pod_in_namespace" {
  type = bool
}

variable "oidc_provider_arn" {
  type    = string
  default = "arn:aws:iam::123412341234:oidc-provider/oidc.eks.us-east-2.amazonaws.com/id/ABCDEF0123456789ABCDEF0123456789"
}

data "aws_iam_policy_document" "reports_assume" {
  statement {
    actions = ["sts:AssumeRoleWithWebIdentity"]
    principals {
      type        = "Federated"
      identifiers = [var.oidc_provider_arn]
    }
    condition {
      test     = var.allow_any_pod_in_namespace ? "StringLike" : "StringEquals"
      variable = "oidc.eks.us-east-2.amazonaws.com/id/ABCDEF0123456789ABCDEF0123456789:sub"
      values   = ["system:serviceaccount:reports:exporter"]
    }
  }
}

resource "aws_iam_role" "reports" {
  name               = "reports-exporter"
  assume_role_policy = data.aws_iam_policy_document.reports_assume.json
}
