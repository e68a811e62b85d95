# Stand-in for terraform-aws-modules/eks-pod-identity/aws, versions v1.1.0 up to
# the next directory (exclusive). Written for faultline, not copied.
# Sources: github.com/terraform-aws-modules/terraform-aws-eks-pod-identity,
# main.tf, variables.tf, outputs.tf at tags v1.1.0..v1.12.1 (v1.0.0 has no
# associations and is not modelled).
# Modelled: the role with its pods.eks.amazonaws.com trust (and the extra
# trust statements / conditions a caller adds), one association per entry of
# associations, each field falling back to association_defaults, and the
# custom policy. Not modelled: the attach_* managed policies (their
# iam_policy_* outputs read null here).

data "aws_iam_policy_document" "assume" {
  count = var.create ? 1 : 0

  statement {
    effect  = "Allow"
    actions = ["sts:AssumeRole", "sts:TagSession"]

    principals {
      type        = "Service"
      identifiers = ["pods.eks.amazonaws.com"]
    }

    # trust_policy_conditions is declared from v1.3.0 (see variables.tf).
    dynamic "condition" {
      for_each = var.trust_policy_conditions

      content {
        test     = condition.value.test
        variable = condition.value.variable
        values   = condition.value.values
      }
    }
  }

  dynamic "statement" {
    for_each = var.trust_policy_statements

    content {
      sid         = try(statement.value.sid, null)
      actions     = try(statement.value.actions, null)
      not_actions = try(statement.value.not_actions, null)
      effect      = try(statement.value.effect, null)

      dynamic "principals" {
        for_each = try(statement.value.principals, [])

        content {
          type        = principals.value.type
          identifiers = principals.value.identifiers
        }
      }

      dynamic "condition" {
        for_each = try(statement.value.conditions, [])

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
  assume_role_policy   = data.aws_iam_policy_document.assume[0].json
  permissions_boundary = var.permissions_boundary_arn
  tags                 = var.tags
}

resource "aws_iam_policy" "custom" {
  count = var.create && var.attach_custom_policy ? 1 : 0

  path = var.path
  tags = var.tags
}

resource "aws_eks_pod_identity_association" "this" {
  for_each = { for k, v in var.associations : k => v if var.create }

  cluster_name    = try(each.value.cluster_name, var.association_defaults.cluster_name)
  namespace       = try(each.value.namespace, var.association_defaults.namespace)
  service_account = try(each.value.service_account, var.association_defaults.service_account)
  role_arn        = aws_iam_role.this[0].arn

  tags = merge(var.tags, try(each.value.tags, var.association_defaults.tags, {}))
}
