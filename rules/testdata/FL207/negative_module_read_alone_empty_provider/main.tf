# A role module meant to be called with the cluster's provider; read on
# its own, its inputs keep their empty defaults. An empty provider is no
# cluster's, so its keys (":sub") are not judged as a cluster's trust.
variable "oidc_provider_arn" {
  type    = string
  default = ""
}

variable "oidc_provider_url" {
  type    = string
  default = ""
}

data "aws_iam_policy_document" "assume" {
  statement {
    actions = ["sts:AssumeRoleWithWebIdentity"]
    principals {
      type        = "Federated"
      identifiers = [var.oidc_provider_arn]
    }
    condition {
      test     = "StringEquals"
      variable = "${replace(var.oidc_provider_url, "https://", "")}:sub"
      values   = ["system:serviceaccount:default:orders-api"]
    }
  }
}

resource "aws_iam_role" "orders_api" {
  name               = "orders-api"
  assume_role_policy = data.aws_iam_policy_document.assume.json
}
