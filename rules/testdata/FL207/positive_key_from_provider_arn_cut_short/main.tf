variable "cluster_oidc_provider_arn" {
  type    = string
  default = "arn:aws:iam::444455556666:oidc-provider/oidc.eks.eu-central-1.amazonaws.com/id/5E1F0C0FFEE5E1F0C0FFEE5E1F0C0FFE"
}

locals {
  # Meant to be the issuer; cuts only the start of the ARN.
  oidc_issuer = replace(var.cluster_oidc_provider_arn, "arn:aws:iam::", "")
}

data "aws_iam_policy_document" "exporter_trust" {
  statement {
    effect  = "Allow"
    actions = ["sts:AssumeRoleWithWebIdentity"]
    principals {
      type        = "Federated"
      identifiers = [var.cluster_oidc_provider_arn]
    }
    condition {
      test     = "StringEquals"
      variable = "${local.oidc_issuer}:sub"
      values   = ["system:serviceaccount:metrics:cloudwatch-exporter"]
    }
    condition {
      test     = "StringEquals"
      variable = "${local.oidc_issuer}:aud"
      values   = ["sts.amazonaws.com"]
    }
  }
}

resource "aws_iam_role" "exporter" {
  name               = "cloudwatch-exporter"
  assume_role_policy = data.aws_iam_policy_document.exporter_trust.json # want FL207 `condition key "444455556666:oidc-provider/oidc.eks.eu-central-1.amazonaws.com/id/5E1F0C0FFEE5E1F0C0FFEE5E1F0C0FFE:sub" is the OIDC provider ARN with its start cut off` FL207 `condition key "444455556666:oidc-provider/oidc.eks.eu-central-1.amazonaws.com/id/5E1F0C0FFEE5E1F0C0FFEE5E1F0C0FFE:aud" is the OIDC provider ARN with its start cut off`
}
