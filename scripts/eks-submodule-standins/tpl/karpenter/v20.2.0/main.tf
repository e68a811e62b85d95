# The controller's role (iam_role_*): trusted by EKS Pod Identity when
# enable_pod_identity is set, through IRSA when enable_irsa is set.
locals {
  create_iam_role = var.create && var.create_iam_role
  irsa_provider   = replace(var.irsa_oidc_provider_arn, "/^(.*provider/)/", "")
}

data "aws_iam_policy_document" "controller_assume_role" {
  count = local.create_iam_role ? 1 : 0

  dynamic "statement" {
    for_each = var.enable_pod_identity ? [1] : []

    content {
      actions = ["sts:AssumeRole", "sts:TagSession"]

      principals {
        type        = "Service"
        identifiers = ["pods.eks.amazonaws.com"]
      }
    }
  }

  dynamic "statement" {
    for_each = var.enable_irsa ? [1] : []

    content {
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
}

resource "aws_iam_role" "controller" {
  count = local.create_iam_role ? 1 : 0

  name               = var.iam_role_use_name_prefix ? null : var.iam_role_name
  name_prefix        = var.iam_role_use_name_prefix ? "${var.iam_role_name}-" : null
  path               = var.iam_role_path
  assume_role_policy = data.aws_iam_policy_document.controller_assume_role[0].json
  tags               = merge(var.tags, var.iam_role_tags)
}

# The interruption queue and its event rules.
locals {
  enable_spot_termination = var.create && var.enable_spot_termination
  queue_name              = coalesce(var.queue_name, "Karpenter-${var.cluster_name}")
  event_rules             = ["health_event", "spot_interrupt", "instance_rebalance", "instance_state_change"]
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

# The role of the nodes Karpenter launches (create_node_iam_role /
# node_iam_role_arn), its access entry and the optional instance profile.
locals {
  create_node_iam_role = var.create && var.create_node_iam_role
  node_iam_role_name   = coalesce(var.node_iam_role_name, "Karpenter-${var.cluster_name}")
  external_role_name   = try(replace(var.node_iam_role_arn, "/^(.*role/)/", ""), null)
}

data "aws_iam_policy_document" "node_assume_role" {
  count = local.create_node_iam_role ? 1 : 0

  statement {
    sid     = "EKSNodeAssumeRole"
    actions = ["sts:AssumeRole"]

    principals {
      type        = "Service"
      identifiers = ["ec2.amazonaws.com"]
    }
  }
}

resource "aws_iam_role" "node" {
  count = local.create_node_iam_role ? 1 : 0

  name               = var.node_iam_role_use_name_prefix ? null : local.node_iam_role_name
  name_prefix        = var.node_iam_role_use_name_prefix ? "${local.node_iam_role_name}-" : null
  path               = var.node_iam_role_path
  assume_role_policy = data.aws_iam_policy_document.node_assume_role[0].json
  tags               = merge(var.tags, var.node_iam_role_tags)
}

resource "aws_eks_access_entry" "node" {
  count = var.create && var.create_access_entry ? 1 : 0

  cluster_name  = var.cluster_name
  principal_arn = var.create_node_iam_role ? aws_iam_role.node[0].arn : var.node_iam_role_arn
  type          = var.access_entry_type
  tags          = var.tags
}

resource "aws_iam_instance_profile" "this" {
  count = var.create && var.create_instance_profile ? 1 : 0

  name        = var.node_iam_role_use_name_prefix ? null : local.node_iam_role_name
  name_prefix = var.node_iam_role_use_name_prefix ? "${local.node_iam_role_name}-" : null
  path        = var.node_iam_role_path
  role        = var.create_node_iam_role ? aws_iam_role.node[0].name : local.external_role_name
  tags        = merge(var.tags, var.node_iam_role_tags)
}
