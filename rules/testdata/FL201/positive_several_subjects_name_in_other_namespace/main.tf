# The log shipper's role trusts two subjects: the collector that used to
# share the logging namespace, and loki from the old observability
# namespace. Loki now runs in logging: its name is trusted, but only in the
# namespace it left.
locals {
  issuer = "oidc.eks.eu-north-1.amazonaws.com/id/7A1B2C3D4E5F60718293A4B5C6D7E8F9"
}

data "aws_iam_policy_document" "loki_trust" {
  statement {
    actions = ["sts:AssumeRoleWithWebIdentity"]

    principals {
      type        = "Federated"
      identifiers = ["arn:aws:iam::909090909090:oidc-provider/${local.issuer}"]
    }

    condition {
      test     = "StringEquals"
      variable = "${local.issuer}:aud"
      values   = ["sts.amazonaws.com"]
    }

    condition {
      test     = "StringEquals"
      variable = "${local.issuer}:sub"
      values = [
        "system:serviceaccount:logging:fluent-bit",
        "system:serviceaccount:observability:loki",
      ]
    }
  }
}

resource "aws_iam_role" "loki" {
  name               = "logs-loki"
  assume_role_policy = data.aws_iam_policy_document.loki_trust.json # want FL201 `trust of role "logs-loki" \(aws_iam_role.loki\) allows system:serviceaccount:observability:loki and system:serviceaccount:logging:fluent-bit; the service account runs as logging:loki`
}

resource "kubernetes_service_account_v1" "loki" {
  metadata {
    name      = "loki"
    namespace = "logging"
    annotations = {
      "eks.amazonaws.com/role-arn" = aws_iam_role.loki.arn
    }
  }
}
