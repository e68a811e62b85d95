variable "oidc_provider" {
  description = "Issuer host of the cluster, without https://."
  type        = string
  default     = ""
}

variable "oidc_provider_arn" {
  type    = string
  default = ""
}

data "aws_iam_policy_document" "trust" {
  statement {
    actions = ["sts:AssumeRoleWithWebIdentity"]
    principals {
      type        = "Federated"
      identifiers = [var.oidc_provider_arn]
    }
    condition {
      test     = "StringEquals"
      variable = "${var.oidc_provider}:aud"
      values   = ["sts.amazonaws.com"]
    }
    condition {
      test     = "StringEquals"
      variable = "${var.oidc_provider}:sub"
      values   = ["system:serviceaccount:tracing:tempo"]
    }
  }
}

resource "aws_iam_role" "tempo" {
  name               = "tempo-traces"
  assume_role_policy = data.aws_iam_policy_document.trust.json # want FL207 `trust of IAM role "tempo-traces" \(module.traces.aws_iam_role.tempo\): condition keys ":aud", ":sub" have no issuer before the claim \(in root live/staging\)$`
}

resource "kubernetes_service_account_v1" "tempo" {
  metadata {
    name      = "tempo"
    namespace = "tracing"
    annotations = {
      "eks.amazonaws.com/role-arn" = aws_iam_role.tempo.arn
    }
  }
}
