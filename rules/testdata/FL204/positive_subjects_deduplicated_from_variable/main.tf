# The exporter's trust lists its subject in the environment's namespace
# and in the shared one, deduplicated for the environment that is the
# shared one; whatever the namespace, the statement has no audience
# condition.
variable "environment" {
  type = string
}

data "aws_iam_policy_document" "exporter_trust" {
  statement {
    actions = ["sts:AssumeRoleWithWebIdentity"]

    principals {
      type        = "Federated"
      identifiers = ["arn:aws:iam::246813579024:oidc-provider/oidc.eks.ca-central-1.amazonaws.com/id/A1B2C3D4E5F6"]
    }

    condition {
      test     = "StringEquals"
      variable = "oidc.eks.ca-central-1.amazonaws.com/id/A1B2C3D4E5F6:sub"
      values = distinct([
        "system:serviceaccount:${var.environment}:metrics-exporter",
        "system:serviceaccount:shared:metrics-exporter",
      ])
    }
  }
}

resource "aws_iam_role" "exporter" {
  name               = "metrics-exporter"
  assume_role_policy = data.aws_iam_policy_document.exporter_trust.json # want FL204 "has a web-identity statement without an :aud = sts.amazonaws.com condition"
}
