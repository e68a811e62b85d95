# The log store's role trusts two subjects: promtail in the logging namespace
# (the account the chart used before it was renamed) and grafana in
# monitoring. Loki runs in logging as "loki": its namespace is trusted,
# under another name.
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
        "system:serviceaccount:logging:promtail",
        "system:serviceaccount:monitoring:grafana",
      ]
    }
  }
}

resource "aws_iam_role" "loki" {
  name               = "logs-loki"
  assume_role_policy = data.aws_iam_policy_document.loki_trust.json # want FL202 `trust of role "logs-loki" \(aws_iam_role.loki\) allows system:serviceaccount:logging:promtail and system:serviceaccount:monitoring:grafana; the service account bound to it is logging:loki`
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
