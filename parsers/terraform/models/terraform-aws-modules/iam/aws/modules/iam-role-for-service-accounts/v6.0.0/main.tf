# Stand-in for terraform-aws-modules/iam/aws//modules/iam-role-for-service-accounts
# (the v6 successor of iam-role-for-service-accounts-eks), versions v6.0.0 on.
# Written for faultline, not copied. Sources: github.com/terraform-aws-modules/
# terraform-aws-iam, modules/iam-role-for-service-accounts/{main.tf,variables.tf,
# outputs.tf} at tags v6.0.0..v6.5.0.
# Modelled: the role (name, or name- as a prefix by default) and its
# web-identity trust, one statement per oidc_providers entry with :sub and
# :aud (sts.amazonaws.com) conditions under trust_condition_test. Not
# modelled: the attach_* permissions policy and its attachments.

data "aws_iam_policy_document" "assume" {
  count = var.create ? 1 : 0

  dynamic "statement" {
    for_each = var.oidc_providers

    content {
      effect  = "Allow"
      actions = ["sts:AssumeRoleWithWebIdentity"]

      principals {
        type        = "Federated"
        identifiers = [statement.value.provider_arn]
      }

      # The issuer is the provider ARN after "oidc-provider/".
      condition {
        test     = var.trust_condition_test
        variable = "${replace(statement.value.provider_arn, "/^(.*provider/)/", "")}:sub"
        values   = [for sa in statement.value.namespace_service_accounts : "system:serviceaccount:${sa}"]
      }

      condition {
        test     = var.trust_condition_test
        variable = "${replace(statement.value.provider_arn, "/^(.*provider/)/", "")}:aud"
        values   = ["sts.amazonaws.com"]
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
  assume_role_policy   = data.aws_iam_policy_document.assume[0].json
  permissions_boundary = var.permissions_boundary
  tags                 = var.tags
}

# The permissions policy exists (its name and content are not modelled) so
# that its outputs stay unknown rather than null.
resource "aws_iam_policy" "this" {
  count = var.create && var.create_policy ? 1 : 0

  path = coalesce(var.policy_path, var.path)
  tags = var.tags
}
