# The pod execution role (create_iam_role), trusted by EKS Fargate.
locals {
  create_iam_role = var.create && var.create_iam_role
  iam_role_name   = coalesce(var.iam_role_name, var.name, "fargate-profile")
}

data "aws_iam_policy_document" "assume_role_policy" {
  count = local.create_iam_role ? 1 : 0

  statement {
    effect  = "Allow"
    actions = ["sts:AssumeRole"]

    principals {
      type        = "Service"
      identifiers = ["eks-fargate-pods.amazonaws.com"]
    }
  }
}

resource "aws_iam_role" "this" {
  count = local.create_iam_role ? 1 : 0

  name               = var.iam_role_use_name_prefix ? null : local.iam_role_name
  name_prefix        = var.iam_role_use_name_prefix ? "${local.iam_role_name}-" : null
  path               = var.iam_role_path
  assume_role_policy = data.aws_iam_policy_document.assume_role_policy[0].json
  tags               = merge(var.tags, var.iam_role_tags)
}

# The profile: the pods its selectors match (namespace, labels) run on
# Fargate as the pod execution role.
resource "aws_eks_fargate_profile" "this" {
  count = var.create ? 1 : 0

  cluster_name           = var.cluster_name
  fargate_profile_name   = var.name
  pod_execution_role_arn = var.create_iam_role ? aws_iam_role.this[0].arn : var.iam_role_arn
  subnet_ids             = var.subnet_ids

  dynamic "selector" {
    for_each = var.selectors

    content {
      namespace = selector.value.namespace
      labels    = lookup(selector.value, "labels", {})
    }
  }

  tags = var.tags
}
