# Stand-in for terraform-aws-modules/eks/aws//modules/eks-managed-node-group,
# versions 20.5.3 up to (not including) 20.6.0.
# Written for faultline, not copied: it declares the real module's inputs and
# creates, at the real resource addresses, only what faultline's rules read.
# Sources: github.com/terraform-aws-modules/terraform-aws-eks, modules/eks-managed-node-group/
# variables.tf (names, types, defaults, nullable), outputs.tf (names) and
# main.tf (resources, counts, the values modelled) at tags v20.5.3 and v20.5.3.

# The launch template (create_launch_template and use_custom_launch_template),
# with the cluster primary security group and vpc_security_group_ids.
locals {
  launch_template_name = coalesce(var.launch_template_name, "${var.name}-eks-node-group")
  security_group_ids   = compact(concat([var.cluster_primary_security_group_id], var.vpc_security_group_ids))
}

# The part of the user data modules/_user_data gives the launch template
# that faultline reads (the node labels and taints EKS's merged bootstrap
# applies): Bottlerocket settings written in bootstrap_extra_args. The
# platform is decided by platform, as the module does. Other platforms
# are not modelled (null: no user data read).
locals {
  modelled_extra_args = var.bootstrap_extra_args != null ? var.bootstrap_extra_args : ""
  modelled_user_data  = var.platform == "bottlerocket" && local.modelled_extra_args != "" ? base64encode(local.modelled_extra_args) : null
}

resource "aws_launch_template" "this" {
  count = var.create && var.create_launch_template && var.use_custom_launch_template ? 1 : 0

  name                   = var.launch_template_use_name_prefix ? null : local.launch_template_name
  name_prefix            = var.launch_template_use_name_prefix ? "${local.launch_template_name}-" : null
  image_id               = var.ami_id
  user_data              = local.modelled_user_data
  vpc_security_group_ids = length(var.network_interfaces) > 0 ? [] : local.security_group_ids

  # The node group's security groups go to each network interface when
  # network_interfaces is set, as the module's main.tf does.
  dynamic "network_interfaces" {
    for_each = var.network_interfaces

    content {
      security_groups = compact(concat(try(network_interfaces.value.security_groups, []), local.security_group_ids))
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
  instance_types         = var.instance_types
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
    for_each = var.taints

    content {
      key    = taint.value.key
      value  = try(taint.value.value, null)
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
