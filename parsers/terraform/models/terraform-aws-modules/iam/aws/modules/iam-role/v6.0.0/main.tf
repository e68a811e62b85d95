# Stand-in for terraform-aws-modules/iam/aws//modules/iam-role, versions
# v6.0.0 on (v6 folds iam-assumable-role-with-oidc and its siblings into it).
# Written for faultline, not copied. Sources: github.com/terraform-aws-modules/
# terraform-aws-iam, modules/iam-role/{main.tf,variables.tf,outputs.tf} at tags
# v6.0.0..v6.5.0.
# Modelled: the role, its instance profile, and the trust statements that
# carry identities: generic OIDC (enable_oidc: one statement per URL of
# oidc_provider_urls, https:// cut off; its :sub / :aud conditions are
# repeated once per URL, all naming the statement's own URL, as the module
# writes them), and trust_policy_permissions. Not modelled: the GitHub,
# Bitbucket and SAML statements, policies and inline policies.

data "aws_caller_identity" "current" {
  count = var.create ? 1 : 0
}

data "aws_partition" "current" {
  count = var.create ? 1 : 0
}

locals {
  account_id     = try(data.aws_caller_identity.current[0].account_id, "")
  partition      = try(data.aws_partition.current[0].partition, "")
  oidc_providers = [for url in var.oidc_provider_urls : replace(url, "https://", "")]
}

data "aws_iam_policy_document" "this" {
  count = var.create ? 1 : 0

  dynamic "statement" {
    for_each = var.enable_oidc ? local.oidc_providers : []

    content {
      effect  = "Allow"
      actions = ["sts:TagSession", "sts:AssumeRoleWithWebIdentity"]

      principals {
        type        = "Federated"
        identifiers = ["arn:${local.partition}:iam::${coalesce(var.oidc_account_id, local.account_id)}:oidc-provider/${statement.value}"]
      }

      dynamic "condition" {
        for_each = length(var.oidc_subjects) > 0 ? local.oidc_providers : []

        content {
          test     = "StringEquals"
          variable = "${statement.value}:sub"
          values   = var.oidc_subjects
        }
      }

      dynamic "condition" {
        for_each = length(var.oidc_wildcard_subjects) > 0 ? local.oidc_providers : []

        content {
          test     = "StringLike"
          variable = "${statement.value}:sub"
          values   = var.oidc_wildcard_subjects
        }
      }

      dynamic "condition" {
        for_each = length(var.oidc_audiences) > 0 ? local.oidc_providers : []

        content {
          test     = "StringEquals"
          variable = "${statement.value}:aud"
          values   = var.oidc_audiences
        }
      }

      dynamic "condition" {
        for_each = var.trust_policy_conditions

        content {
          test     = condition.value.test
          variable = condition.value.variable
          values   = condition.value.values
        }
      }
    }
  }

  dynamic "statement" {
    for_each = var.trust_policy_permissions != null ? var.trust_policy_permissions : {}

    content {
      sid         = try(coalesce(statement.value.sid, statement.key))
      actions     = statement.value.actions
      not_actions = statement.value.not_actions
      effect      = statement.value.effect

      dynamic "principals" {
        for_each = statement.value.principals != null ? statement.value.principals : []

        content {
          type        = principals.value.type
          identifiers = principals.value.identifiers
        }
      }

      dynamic "condition" {
        for_each = statement.value.condition != null ? statement.value.condition : []

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
  count = var.create ? 1 : 0

  name                 = var.use_name_prefix ? null : var.name
  name_prefix          = var.use_name_prefix ? "${var.name}-" : null
  path                 = var.path
  description          = var.description
  assume_role_policy   = data.aws_iam_policy_document.this[0].json
  permissions_boundary = var.permissions_boundary
  tags                 = var.tags
}

resource "aws_iam_instance_profile" "this" {
  count = var.create && var.create_instance_profile ? 1 : 0

  role        = aws_iam_role.this[0].name
  name        = var.use_name_prefix ? null : var.name
  name_prefix = var.use_name_prefix ? "${var.name}-" : null
  path        = var.path
  tags        = var.tags
}
