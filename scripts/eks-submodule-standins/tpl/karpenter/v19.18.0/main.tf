data "aws_partition" "current" {}

locals {
  dns_suffix = data.aws_partition.current.dns_suffix
}

# The controller's role, trusted through IRSA (irsa_*).
locals {
  create_irsa   = var.create && var.create_irsa
  irsa_name     = coalesce(var.irsa_name, "KarpenterIRSA-${var.cluster_name}")
  irsa_provider = replace(var.irsa_oidc_provider_arn, "/^(.*provider/)/", "")
}

data "aws_iam_policy_document" "irsa_assume_role" {
  count = local.create_irsa ? 1 : 0

  statement {
    effect  = "Allow"
    actions = ["sts:AssumeRoleWithWebIdentity"]

    principals {
      type        = "Federated"
      identifiers = [var.irsa_oidc_provider_arn]
    }

    condition {
      test     = var.irsa_assume_role_condition_test
      variable = "${local.irsa_provider}:sub"
      values   = [for sa in var.irsa_namespace_service_accounts : "system:serviceaccount:${sa}"]
    }

    condition {
      test     = var.irsa_assume_role_condition_test
      variable = "${local.irsa_provider}:aud"
      values   = ["sts.amazonaws.com"]
    }
  }
}

resource "aws_iam_role" "irsa" {
  count = local.create_irsa ? 1 : 0

  name               = var.irsa_use_name_prefix ? null : local.irsa_name
  name_prefix        = var.irsa_use_name_prefix ? "${local.irsa_name}-" : null
  path               = var.irsa_path
  assume_role_policy = data.aws_iam_policy_document.irsa_assume_role[0].json
  tags               = merge(var.tags, var.irsa_tags)
}

# The interruption queue and its event rules.
locals {
  enable_spot_termination = var.create && var.enable_spot_termination
  queue_name              = coalesce(var.queue_name, "Karpenter-${var.cluster_name}")
  event_rules             = ["health_event", "spot_interupt", "instance_rebalance", "instance_state_change"]
}

resource "aws_sqs_queue" "this" {
  count = local.enable_spot_termination ? 1 : 0

  name = local.queue_name
  tags = var.tags
}

resource "aws_cloudwatch_event_rule" "this" {
  for_each = { for k in local.event_rules : k => k if local.enable_spot_termination }

  tags = var.tags
}

# The role of the nodes Karpenter launches (create_iam_role / iam_role_arn),
# and the instance profile that holds it.
locals {
  create_iam_role    = var.create && var.create_iam_role
  iam_role_name      = coalesce(var.iam_role_name, "Karpenter-${var.cluster_name}")
  external_role_name = try(replace(var.iam_role_arn, "/^(.*role/)/", ""), null)
}

data "aws_iam_policy_document" "assume_role" {
  count = local.create_iam_role ? 1 : 0

  statement {
    sid     = "EKSNodeAssumeRole"
    actions = ["sts:AssumeRole"]

    principals {
      type        = "Service"
      identifiers = ["ec2.${local.dns_suffix}"]
    }
  }
}

resource "aws_iam_role" "this" {
  count = local.create_iam_role ? 1 : 0

  name               = var.iam_role_use_name_prefix ? null : local.iam_role_name
  name_prefix        = var.iam_role_use_name_prefix ? "${local.iam_role_name}-" : null
  path               = var.iam_role_path
  assume_role_policy = data.aws_iam_policy_document.assume_role[0].json
  tags               = merge(var.tags, var.iam_role_tags)
}

resource "aws_iam_instance_profile" "this" {
  count = var.create && var.create_instance_profile && !var.enable_karpenter_instance_profile_creation ? 1 : 0

  name        = var.iam_role_use_name_prefix ? null : local.iam_role_name
  name_prefix = var.iam_role_use_name_prefix ? "${local.iam_role_name}-" : null
  path        = var.iam_role_path
  role        = var.create_iam_role ? aws_iam_role.this[0].name : local.external_role_name
  tags        = merge(var.tags, var.iam_role_tags)
}
