# Stand-in for terraform-aws-modules/eks/aws//modules/eks-managed-node-group,
# versions 21.1.2 up to (not including) 21.9.0.
# Written for faultline, not copied: it declares the real module's inputs and
# creates, at the real resource addresses, only what faultline's rules read.
# Sources: github.com/terraform-aws-modules/terraform-aws-eks, modules/eks-managed-node-group/
# variables.tf (names, types, defaults, nullable), outputs.tf (names) and
# main.tf (resources, counts, the values modelled) at tags v21.1.2 and v21.8.0.

# The group's own security group: created only when it has rules
# (create_security_group, security_group_ingress_rules / _egress_rules; EFA
# adds its own).
locals {
  security_group_ingress_rules = merge(var.enable_efa_support ? { all_self_efa = {} } : {}, var.security_group_ingress_rules)
  security_group_egress_rules  = merge(var.enable_efa_support ? { all_self_efa = {} } : {}, var.security_group_egress_rules)
  create_security_group        = var.create && var.create_security_group && length(merge(local.security_group_ingress_rules, local.security_group_egress_rules)) > 0
  security_group_name          = coalesce(var.security_group_name, "${var.cluster_name}-${var.name}")
}

resource "aws_security_group" "this" {
  count = local.create_security_group ? 1 : 0

  name        = var.security_group_use_name_prefix ? null : local.security_group_name
  name_prefix = var.security_group_use_name_prefix ? "${local.security_group_name}-" : null
  tags        = merge(var.tags, { "Name" = local.security_group_name }, var.security_group_tags)
}

# The launch template (create_launch_template and use_custom_launch_template),
# with the cluster primary security group, vpc_security_group_ids and the
# group's own security group.
locals {
  launch_template_name = coalesce(var.launch_template_name, "${var.name}-eks-node-group")
  security_group_ids   = compact(concat([var.cluster_primary_security_group_id], var.vpc_security_group_ids, aws_security_group.this[*].id))
}

# The part of the user data modules/_user_data gives the launch template
# that faultline reads (the node labels and taints EKS's merged bootstrap
# applies): Bottlerocket settings written in bootstrap_extra_args, and the
# NodeConfig parts (application/node.eks.aws) of cloudinit_pre_nodeadm on
# AL2023. The platform is decided by ami_type, as the module does. Other
# parts and platforms are not modelled (null: no user data read).
locals {
  modelled_user_data_type = startswith(var.ami_type, "BOTTLEROCKET_") ? "bottlerocket" : startswith(var.ami_type, "AL2023_") ? "al2023" : "other"
  modelled_extra_args     = var.bootstrap_extra_args != null ? var.bootstrap_extra_args : ""
  modelled_node_configs = [
    for part in(var.cloudinit_pre_nodeadm != null ? var.cloudinit_pre_nodeadm : []) : part.content
    if try(part.content_type, null) == "application/node.eks.aws"
  ]
  modelled_user_data = (
    local.modelled_user_data_type == "bottlerocket" && local.modelled_extra_args != "" ? base64encode(local.modelled_extra_args) :
    local.modelled_user_data_type == "al2023" && length(local.modelled_node_configs) > 0 ? base64encode(join("\n---\n", local.modelled_node_configs)) :
    null
  )
}

resource "aws_launch_template" "this" {
  count = var.create && var.create_launch_template && var.use_custom_launch_template ? 1 : 0

  name                   = var.launch_template_use_name_prefix ? null : local.launch_template_name
  name_prefix            = var.launch_template_use_name_prefix ? "${local.launch_template_name}-" : null
  image_id               = var.ami_id
  user_data              = local.modelled_user_data
  vpc_security_group_ids = length(var.network_interfaces) > 0 || var.enable_efa_support ? [] : local.security_group_ids

  # The node group's security groups go to each network interface when
  # network_interfaces is set, as the module's main.tf does.
  dynamic "network_interfaces" {
    for_each = var.network_interfaces

    content {
      security_groups = compact(concat(network_interfaces.value.security_groups, var.vpc_security_group_ids))
    }
  }

  tags = var.tags
}

locals {
  launch_template_id      = var.create && var.create_launch_template ? try(aws_launch_template.this[0].id, null) : var.launch_template_id
  launch_template_version = coalesce(var.launch_template_version, try(aws_launch_template.this[0].default_version, "$Default"))
}

# The node group: the role it creates, or iam_role_arn.
resource "aws_eks_node_group" "this" {
  count = var.create ? 1 : 0

  cluster_name           = var.cluster_name
  node_role_arn          = var.create_iam_role ? aws_iam_role.this[0].arn : var.iam_role_arn
  subnet_ids             = var.subnet_ids
  node_group_name        = var.use_name_prefix ? null : var.name
  node_group_name_prefix = var.use_name_prefix ? "${var.name}-" : null
  instance_types         = var.capacity_type == "CAPACITY_BLOCK" ? null : var.instance_types
  labels                 = var.labels
  ami_type               = var.ami_id != "" ? null : var.ami_type
  capacity_type          = var.capacity_type

  scaling_config {
    min_size     = var.min_size
    max_size     = var.max_size
    desired_size = var.desired_size
  }

  dynamic "launch_template" {
    for_each = var.use_custom_launch_template ? [1] : []

    content {
      id      = local.launch_template_id
      version = local.launch_template_version
    }
  }

  dynamic "taint" {
    for_each = var.taints != null ? var.taints : {}

    content {
      key    = taint.value.key
      value  = taint.value.value
      effect = taint.value.effect
    }
  }

  tags = merge(var.tags, { Name = var.name })
}

# The node role (create_iam_role).
locals {
  create_iam_role = var.create && var.create_iam_role
  iam_role_name   = coalesce(var.iam_role_name, "${var.name}-eks-node-group")
}

data "aws_iam_policy_document" "assume_role_policy" {
  count = local.create_iam_role ? 1 : 0

  statement {
    sid     = "EKSNodeAssumeRole"
    actions = ["sts:AssumeRole"]

    principals {
      type        = "Service"
      identifiers = ["ec2.amazonaws.com"]
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
