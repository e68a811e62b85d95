# Stand-in for terraform-aws-modules/iam/aws//modules/iam-assumable-role-with-oidc,
# versions v5.44.0 up to the next directory (exclusive; the module is gone in
# v6.0.0). Written for faultline, not copied. Sources: github.com/
# terraform-aws-modules/terraform-aws-iam, modules/iam-assumable-role-with-oidc/
# {main.tf,variables.tf,outputs.tf} at tags v5.44.0..v5.60.0.
# Modelled: the role and its trust: one statement per provider URL (https://
# cut off, provider_url and provider_urls together); its conditions are
# repeated once per URL, all naming the statement's own URL, as the module
# writes them. Not modelled: the
# self-assume statement (allow_self_assume_role, v5.5+), policy attachments,
# inline policies.

locals {
  urls = [
    for url in compact(distinct(concat(var.provider_urls, [var.provider_url]))) :
    replace(url, "https://", "")
  ]
  aws_account_id = var.aws_account_id != "" ? var.aws_account_id : data.aws_caller_identity.current.account_id
}

data "aws_caller_identity" "current" {}

data "aws_partition" "current" {}

data "aws_iam_policy_document" "assume_role_with_oidc" {
  count = var.create_role ? 1 : 0

  dynamic "statement" {
    for_each = local.urls

    content {
      effect  = "Allow"
      actions = ["sts:AssumeRoleWithWebIdentity", "sts:TagSession"]

      principals {
        type        = "Federated"
        identifiers = ["arn:${data.aws_partition.current.partition}:iam::${local.aws_account_id}:oidc-provider/${statement.value}"]
      }

      dynamic "condition" {
        for_each = length(var.oidc_fully_qualified_subjects) > 0 ? local.urls : []

        content {
          test     = "StringEquals"
          variable = "${statement.value}:sub"
          values   = var.oidc_fully_qualified_subjects
        }
      }

      dynamic "condition" {
        for_each = length(var.oidc_subjects_with_wildcards) > 0 ? local.urls : []

        content {
          test     = "StringLike"
          variable = "${statement.value}:sub"
          values   = var.oidc_subjects_with_wildcards
        }
      }

      dynamic "condition" {
        for_each = length(var.oidc_fully_qualified_audiences) > 0 ? local.urls : []

        content {
          test     = "StringLike"
          variable = "${statement.value}:aud"
          values   = var.oidc_fully_qualified_audiences
        }
      }

      dynamic "condition" {
        for_each = var.provider_trust_policy_conditions

        content {
          test     = condition.value.test
          variable = condition.value.variable
          values   = condition.value.values
        }
      }
    }
  }
}

resource "aws_iam_role" "this" {
  count = var.create_role ? 1 : 0

  name                 = var.role_name
  name_prefix          = var.role_name_prefix
  description          = var.role_description
  path                 = var.role_path
  permissions_boundary = var.role_permissions_boundary_arn
  assume_role_policy   = data.aws_iam_policy_document.assume_role_with_oidc[0].json
  tags                 = var.tags
}
