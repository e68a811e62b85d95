# A role module kept beside the stacks that call it, read here as a root on
# its own: its provider input keeps its empty default, which the stacks
# replace. It binds its role to a service account itself, but an empty
# default of a root is not the provider its roles are applied with.
variable "oidc_provider_arn" {
  type    = string
  default = ""
}

variable "oidc_provider_url" {
  type    = string
  default = ""
}

data "aws_iam_policy_document" "reporting" {
  statement {
    actions = ["sts:AssumeRoleWithWebIdentity"]
    principals {
      type        = "Federated"
      identifiers = [var.oidc_provider_arn]
    }
    condition {
      test     = "StringEquals"
      variable = "${replace(var.oidc_provider_url, "https://", "")}:sub"
      values   = ["system:serviceaccount:reporting:exporter"]
    }
    condition {
      test     = "StringEquals"
      variable = "${replace(var.oidc_provider_url, "https://", "")}:aud"
      values   = ["sts.amazonaws.com"]
    }
  }
}

resource "aws_iam_role" "exporter" {
  name               = "reporting-exporter"
  assume_role_policy = data.aws_iam_policy_document.reporting.json
}

resource "kubernetes_service_account_v1" "exporter" {
  metadata {
    name      = "exporter"
    namespace = "reporting"
    annotations = {
      "eks.amazonaws.com/role-arn" = aws_iam_role.exporter.arn
    }
  }
}
