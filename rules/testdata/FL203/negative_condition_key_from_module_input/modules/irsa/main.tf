variable "oidc_provider_arn" {
  type = string
}

# The caller builds the whole key; the claim it names is only known once
# the provider exists, so whether the trust restricts :sub is not known.
variable "sub_condition_key" {
  type = string
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
      variable = var.sub_condition_key
      values   = ["system:serviceaccount:search:indexer"]
    }
  }
}

resource "aws_iam_role" "this" {
  name               = "search-indexer"
  assume_role_policy = data.aws_iam_policy_document.trust.json
}
