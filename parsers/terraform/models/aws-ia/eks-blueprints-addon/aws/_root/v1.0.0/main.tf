# Stand-in for aws-ia/eks-blueprints-addon/aws (one add-on: a Helm release
# and its IRSA role) called by the user. Written for faultline, not copied.
# Sources: github.com/aws-ia/terraform-aws-eks-blueprints-addon, main.tf,
# variables.tf, outputs.tf at tags v1.0.0..v1.1.1 and the newest commit
# (trust_policy_statements, which this stand-in does not read). The same
# model as the add-on eks-blueprints-addons calls for each add-on
# (aws-ia/eks-blueprints-addons/aws/_root/*/addon): the release, its
# namespace (the module's own default, "default"), the role's
# web-identity trust built from oidc_providers, and the role's ARN set
# into the chart under each of set_irsa_names.

locals {
  # The add-on module defaults the namespace itself, for IRSA.
  namespace   = try(coalesce(var.namespace, "default"))
  create_role = var.create && var.create_role
  role_name   = try(coalesce(var.role_name, var.name), "")
}

resource "helm_release" "this" {
  count = var.create && var.create_release ? 1 : 0

  name             = try(coalesce(var.name, var.chart), "")
  namespace        = local.namespace
  create_namespace = var.create_namespace
  chart            = var.chart
  version          = var.chart_version
  repository       = var.repository
  values           = var.values

  dynamic "set" {
    for_each = var.set

    content {
      name  = set.value.name
      value = set.value.value
      type  = try(set.value.type, null)
    }
  }

  # The role's ARN goes into the chart under each IRSA key.
  dynamic "set" {
    for_each = { for k, v in toset(var.set_irsa_names) : k => v if local.create_role }

    content {
      name  = set.value
      value = aws_iam_role.this[0].arn
    }
  }
}

data "aws_iam_policy_document" "assume" {
  count = local.create_role ? 1 : 0

  dynamic "statement" {
    for_each = var.oidc_providers

    content {
      effect  = "Allow"
      actions = ["sts:AssumeRoleWithWebIdentity"]

      principals {
        type        = "Federated"
        identifiers = [statement.value.provider_arn]
      }

      # The subject is the release namespace unless the entry names one.
      condition {
        test     = var.assume_role_condition_test
        variable = "${replace(statement.value.provider_arn, "/^(.*provider/)/", "")}:sub"
        values   = ["system:serviceaccount:${try(statement.value.namespace, local.namespace)}:${statement.value.service_account}"]
      }

      condition {
        test     = var.assume_role_condition_test
        variable = "${replace(statement.value.provider_arn, "/^(.*provider/)/", "")}:aud"
        values   = ["sts.amazonaws.com"]
      }
    }
  }
}

resource "aws_iam_role" "this" {
  count = local.create_role ? 1 : 0

  name                 = var.role_name_use_prefix ? null : local.role_name
  name_prefix          = var.role_name_use_prefix ? "${local.role_name}-" : null
  path                 = var.role_path
  assume_role_policy   = data.aws_iam_policy_document.assume[0].json
  permissions_boundary = var.role_permissions_boundary_arn
  tags                 = var.tags
}
