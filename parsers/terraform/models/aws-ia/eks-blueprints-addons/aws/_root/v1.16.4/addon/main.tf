# Stand-in for aws-ia/eks-blueprints-addon/aws (one add-on: a Helm release
# and its IRSA role), as eks-blueprints-addons calls it for each add-on
# (pinned 1.1.1 in v1.16.4..v1.23.0, 1.2.0 in v1.24.0, 1.3.0 from v1.24.1).
# Written for faultline, not copied. Sources: github.com/aws-ia/
# terraform-aws-eks-blueprints-addon, main.tf, variables.tf, outputs.tf at
# tags v1.1.0..v1.1.1 (the later pins add inputs this stand-in does not
# read). Called here as a local module so that the addresses stay the real
# ones: module.<add-on>.helm_release.this[0], module.<add-on>.aws_iam_role.this[0].
# Only the inputs eks-blueprints-addons passes that the model needs are
# declared: this module is never called by a user through the stand-in.

variable "create" {
  type    = bool
  default = true
}

variable "create_release" {
  type    = bool
  default = true
}

variable "name" {
  type    = string
  default = ""
}

variable "namespace" {
  type    = string
  default = null
}

variable "create_namespace" {
  type    = bool
  default = false
}

variable "chart" {
  type    = string
  default = ""
}

variable "chart_version" {
  type    = string
  default = null
}

variable "repository" {
  type    = string
  default = null
}

variable "values" {
  type    = list(string)
  default = null
}

variable "set" {
  type    = any
  default = []
}

variable "set_irsa_names" {
  type    = list(string)
  default = []
}

variable "create_role" {
  type    = bool
  default = false
}

variable "role_name" {
  type    = string
  default = null
}

variable "role_name_use_prefix" {
  type    = bool
  default = true
}

variable "role_path" {
  type    = string
  default = "/"
}

variable "role_permissions_boundary_arn" {
  type    = string
  default = null
}

variable "oidc_providers" {
  type    = any
  default = {}
}

variable "assume_role_condition_test" {
  type    = string
  default = "StringEquals"
}

variable "tags" {
  type    = map(string)
  default = {}
}

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

output "chart" {
  value = try(helm_release.this[0].chart, null)
}

output "name" {
  value = try(helm_release.this[0].name, null)
}

output "namespace" {
  value = try(helm_release.this[0].namespace, null)
}

output "version" {
  value = try(helm_release.this[0].version, null)
}

output "iam_role_arn" {
  value = try(aws_iam_role.this[0].arn, null)
}

output "iam_role_name" {
  value = try(aws_iam_role.this[0].name, null)
}

# Read back from the release after apply in the real module (metadata):
# unknown here.
output "revision" {
  value = try(helm_release.this[0].metadata[0].revision, null)
}

output "app_version" {
  value = try(helm_release.this[0].metadata[0].app_version, null)
}

output "values" {
  value = try(helm_release.this[0].metadata[0].values, [])
}

output "iam_role_path" {
  value = try(aws_iam_role.this[0].path, null)
}

output "iam_role_unique_id" {
  value = try(aws_iam_role.this[0].unique_id, null)
}

# The add-on's permissions policy is not modelled.
output "iam_policy_arn" {
  value = null
}

output "iam_policy" {
  value = null
}
