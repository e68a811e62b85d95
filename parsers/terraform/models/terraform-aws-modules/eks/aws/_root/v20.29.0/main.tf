# Stand-in for terraform-aws-modules/eks/aws (root module), v20.29.0 up to
# v21 (exclusive). Written for faultline, not copied: it declares the real
# module's variables and creates, at the real resource addresses, what the
# rules read (cluster, cluster IAM role, cluster and node security groups
# with their tags, access entries, OIDC provider, node group submodules).
# Sources: github.com/terraform-aws-modules/terraform-aws-eks, main.tf,
# node_groups.tf, variables.tf, outputs.tf at tags v20.29.0 and v20.37.2.
# As ../v20.0.1, and each add-on's pod_identity_association blocks
# (main.tf, aws_eks_addon "this" and "before_compute": added in v20.29.0,
# absent at v20.28.0).

locals {
  create               = var.create
  cluster_role         = try(aws_iam_role.this[0].arn, var.iam_role_arn)
  create_outposts      = length(var.outpost_config) > 0
  create_iam_role      = local.create && var.create_iam_role
  iam_role_name        = coalesce(var.iam_role_name, "${var.cluster_name}-cluster")
  cluster_sg_name      = coalesce(var.cluster_security_group_name, "${var.cluster_name}-cluster")
  create_cluster_sg    = local.create && var.create_cluster_security_group
  node_sg_name         = coalesce(var.node_security_group_name, "${var.cluster_name}-node")
  create_node_sg       = var.create && var.create_node_security_group
  create_oidc_provider = local.create && var.enable_irsa && !local.create_outposts

  cluster_security_group_id = local.create_cluster_sg ? aws_security_group.cluster[0].id : var.cluster_security_group_id
  node_security_group_id    = local.create_node_sg ? aws_security_group.node[0].id : var.node_security_group_id

  # The module's own entry for the identity running Terraform, then the
  # user's entries (main.tf, "Access Entry").
  merged_access_entries = merge(
    { for k, v in {
      cluster_creator = {
        principal_arn = data.aws_iam_session_context.current.issuer_arn
        type          = "STANDARD"
      }
    } : k => v if var.enable_cluster_creator_admin_permissions },
    var.access_entries,
  )
}

data "aws_partition" "current" {}
data "aws_caller_identity" "current" {}
data "aws_iam_session_context" "current" {
  arn = data.aws_caller_identity.current.arn
}

resource "aws_eks_cluster" "this" {
  count = local.create ? 1 : 0

  name     = var.cluster_name
  role_arn = local.cluster_role
  version  = var.cluster_version

  access_config {
    authentication_mode                         = var.authentication_mode
    bootstrap_cluster_creator_admin_permissions = false
  }

  vpc_config {
    security_group_ids = compact(distinct(concat(var.cluster_additional_security_group_ids, [local.cluster_security_group_id])))
    subnet_ids         = coalescelist(var.control_plane_subnet_ids, var.subnet_ids)
  }

  # EKS Auto Mode (cluster_compute_config.enabled, from v20.31.0): built-in
  # NodePools no source declares.
  dynamic "compute_config" {
    for_each = length(var.cluster_compute_config) > 0 ? [var.cluster_compute_config] : []

    content {
      enabled = try(compute_config.value.enabled, false)
      # As v20.31.0-v20.37: enabled without node_pools passes [] (no
      # built-in NodePools).
      node_pools = try(compute_config.value.enabled, false) ? try(compute_config.value.node_pools, []) : null
    }
  }

  tags = merge(var.tags, var.cluster_tags)
}

# Tags on the security group EKS creates for the cluster (the primary
# security group), from tags and cluster_tags.
resource "aws_ec2_tag" "cluster_primary_security_group" {
  for_each = { for k, v in merge(var.tags, var.cluster_tags) :
    k => v if local.create && k != "Name" && var.create_cluster_primary_security_group_tags && v != null
  }

  resource_id = aws_eks_cluster.this[0].vpc_config[0].cluster_security_group_id
  key         = each.key
  value       = each.value
}

resource "aws_eks_access_entry" "this" {
  for_each = { for k, v in local.merged_access_entries : k => v if local.create }

  cluster_name      = aws_eks_cluster.this[0].name
  kubernetes_groups = try(each.value.kubernetes_groups, [])
  principal_arn     = each.value.principal_arn
  type              = try(each.value.type, "STANDARD")
  user_name         = try(each.value.user_name, null)
}

resource "aws_security_group" "cluster" {
  count = local.create_cluster_sg ? 1 : 0

  name        = var.cluster_security_group_use_name_prefix ? null : local.cluster_sg_name
  name_prefix = var.cluster_security_group_use_name_prefix ? "${local.cluster_sg_name}${var.prefix_separator}" : null
  vpc_id      = var.vpc_id

  tags = merge(
    var.tags,
    { "Name" = local.cluster_sg_name },
    var.cluster_security_group_tags
  )
}

resource "aws_security_group" "node" {
  count = local.create_node_sg ? 1 : 0

  name        = var.node_security_group_use_name_prefix ? null : local.node_sg_name
  name_prefix = var.node_security_group_use_name_prefix ? "${local.node_sg_name}${var.prefix_separator}" : null
  vpc_id      = var.vpc_id

  tags = merge(
    var.tags,
    {
      "Name"                                      = local.node_sg_name
      "kubernetes.io/cluster/${var.cluster_name}" = "owned"
    },
    var.node_security_group_tags
  )
}

resource "aws_iam_openid_connect_provider" "oidc_provider" {
  count = local.create_oidc_provider ? 1 : 0

  client_id_list = distinct(compact(concat(["sts.amazonaws.com"], var.openid_connect_audiences)))
  url            = aws_eks_cluster.this[0].identity[0].oidc[0].issuer
}

resource "aws_iam_role" "this" {
  count = local.create_iam_role ? 1 : 0

  name        = var.iam_role_use_name_prefix ? null : local.iam_role_name
  name_prefix = var.iam_role_use_name_prefix ? "${local.iam_role_name}${var.prefix_separator}" : null
  path        = var.iam_role_path

  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Sid       = "EKSClusterAssumeRole"
      Effect    = "Allow"
      Action    = "sts:AssumeRole"
      Principal = { Service = "eks.amazonaws.com" }
    }]
  })

  tags = merge(var.tags, var.iam_role_tags)
}

module "eks_managed_node_group" {
  source = "./modules/eks-managed-node-group"

  for_each = { for k, v in var.eks_managed_node_groups : k => v if var.create && !local.create_outposts }

  create       = try(each.value.create, true)
  cluster_name = aws_eks_cluster.this[0].name
  name         = try(each.value.name, each.key)

  use_name_prefix = try(each.value.use_name_prefix, var.eks_managed_node_group_defaults.use_name_prefix, true)
  subnet_ids      = try(each.value.subnet_ids, var.eks_managed_node_group_defaults.subnet_ids, var.subnet_ids)
  ami_id          = try(each.value.ami_id, var.eks_managed_node_group_defaults.ami_id, "")
  ami_type        = try(each.value.ami_type, var.eks_managed_node_group_defaults.ami_type, null)
  min_size        = try(each.value.min_size, var.eks_managed_node_group_defaults.min_size, 1)
  max_size        = try(each.value.max_size, var.eks_managed_node_group_defaults.max_size, 3)
  desired_size    = try(each.value.desired_size, var.eks_managed_node_group_defaults.desired_size, 1)
  capacity_type   = try(each.value.capacity_type, var.eks_managed_node_group_defaults.capacity_type, null)
  instance_types  = try(each.value.instance_types, var.eks_managed_node_group_defaults.instance_types, null)
  labels          = try(each.value.labels, var.eks_managed_node_group_defaults.labels, null)
  taints          = try(each.value.taints, var.eks_managed_node_group_defaults.taints, {})
  platform        = try(each.value.platform, var.eks_managed_node_group_defaults.platform, "linux")

  # The user data settings the submodule models (its modelled_user_data).
  bootstrap_extra_args  = try(each.value.bootstrap_extra_args, var.eks_managed_node_group_defaults.bootstrap_extra_args, "")
  cloudinit_pre_nodeadm = try(each.value.cloudinit_pre_nodeadm, var.eks_managed_node_group_defaults.cloudinit_pre_nodeadm, [])

  create_launch_template          = try(each.value.create_launch_template, var.eks_managed_node_group_defaults.create_launch_template, true)
  use_custom_launch_template      = try(each.value.use_custom_launch_template, var.eks_managed_node_group_defaults.use_custom_launch_template, true)
  launch_template_id              = try(each.value.launch_template_id, var.eks_managed_node_group_defaults.launch_template_id, "")
  launch_template_name            = try(each.value.launch_template_name, var.eks_managed_node_group_defaults.launch_template_name, each.key)
  launch_template_use_name_prefix = try(each.value.launch_template_use_name_prefix, var.eks_managed_node_group_defaults.launch_template_use_name_prefix, true)
  launch_template_tags            = try(each.value.launch_template_tags, var.eks_managed_node_group_defaults.launch_template_tags, {})
  network_interfaces              = try(each.value.network_interfaces, var.eks_managed_node_group_defaults.network_interfaces, [])
  remote_access                   = try(each.value.remote_access, var.eks_managed_node_group_defaults.remote_access, {})

  create_iam_role              = try(each.value.create_iam_role, var.eks_managed_node_group_defaults.create_iam_role, true)
  iam_role_arn                 = try(each.value.iam_role_arn, var.eks_managed_node_group_defaults.iam_role_arn, null)
  iam_role_name                = try(each.value.iam_role_name, var.eks_managed_node_group_defaults.iam_role_name, null)
  iam_role_use_name_prefix     = try(each.value.iam_role_use_name_prefix, var.eks_managed_node_group_defaults.iam_role_use_name_prefix, true)
  iam_role_path                = try(each.value.iam_role_path, var.eks_managed_node_group_defaults.iam_role_path, null)
  iam_role_tags                = try(each.value.iam_role_tags, var.eks_managed_node_group_defaults.iam_role_tags, {})
  iam_role_attach_cni_policy   = try(each.value.iam_role_attach_cni_policy, var.eks_managed_node_group_defaults.iam_role_attach_cni_policy, true)
  iam_role_additional_policies = lookup(each.value, "iam_role_additional_policies", lookup(var.eks_managed_node_group_defaults, "iam_role_additional_policies", {}))

  vpc_security_group_ids            = compact(concat([local.node_security_group_id], try(each.value.vpc_security_group_ids, var.eks_managed_node_group_defaults.vpc_security_group_ids, [])))
  cluster_primary_security_group_id = try(each.value.attach_cluster_primary_security_group, var.eks_managed_node_group_defaults.attach_cluster_primary_security_group, false) ? aws_eks_cluster.this[0].vpc_config[0].cluster_security_group_id : null

  tags = merge(var.tags, try(each.value.tags, var.eks_managed_node_group_defaults.tags, {}))
}

module "self_managed_node_group" {
  source = "./modules/self-managed-node-group"

  for_each = { for k, v in var.self_managed_node_groups : k => v if var.create }

  create       = try(each.value.create, true)
  cluster_name = aws_eks_cluster.this[0].name
  name         = try(each.value.name, each.key)

  create_autoscaling_group   = try(each.value.create_autoscaling_group, var.self_managed_node_group_defaults.create_autoscaling_group, true)
  use_name_prefix            = try(each.value.use_name_prefix, var.self_managed_node_group_defaults.use_name_prefix, true)
  subnet_ids                 = try(each.value.subnet_ids, var.self_managed_node_group_defaults.subnet_ids, var.subnet_ids)
  availability_zones         = try(each.value.availability_zones, var.self_managed_node_group_defaults.availability_zones, null)
  min_size                   = try(each.value.min_size, var.self_managed_node_group_defaults.min_size, 0)
  max_size                   = try(each.value.max_size, var.self_managed_node_group_defaults.max_size, 3)
  desired_size               = try(each.value.desired_size, var.self_managed_node_group_defaults.desired_size, 1)
  instance_type              = try(each.value.instance_type, var.self_managed_node_group_defaults.instance_type, "m6i.large")
  use_mixed_instances_policy = try(each.value.use_mixed_instances_policy, var.self_managed_node_group_defaults.use_mixed_instances_policy, false)
  mixed_instances_policy     = try(each.value.mixed_instances_policy, var.self_managed_node_group_defaults.mixed_instances_policy, null)
  platform                   = try(each.value.platform, var.self_managed_node_group_defaults.platform, "linux")

  create_launch_template          = try(each.value.create_launch_template, var.self_managed_node_group_defaults.create_launch_template, true)
  launch_template_id              = try(each.value.launch_template_id, var.self_managed_node_group_defaults.launch_template_id, "")
  launch_template_name            = try(each.value.launch_template_name, var.self_managed_node_group_defaults.launch_template_name, each.key)
  launch_template_use_name_prefix = try(each.value.launch_template_use_name_prefix, var.self_managed_node_group_defaults.launch_template_use_name_prefix, true)
  launch_template_tags            = try(each.value.launch_template_tags, var.self_managed_node_group_defaults.launch_template_tags, {})
  network_interfaces              = try(each.value.network_interfaces, var.self_managed_node_group_defaults.network_interfaces, [])

  create_iam_instance_profile  = try(each.value.create_iam_instance_profile, var.self_managed_node_group_defaults.create_iam_instance_profile, true)
  iam_instance_profile_arn     = try(each.value.iam_instance_profile_arn, var.self_managed_node_group_defaults.iam_instance_profile_arn, null)
  iam_role_name                = try(each.value.iam_role_name, var.self_managed_node_group_defaults.iam_role_name, null)
  iam_role_use_name_prefix     = try(each.value.iam_role_use_name_prefix, var.self_managed_node_group_defaults.iam_role_use_name_prefix, true)
  iam_role_path                = try(each.value.iam_role_path, var.self_managed_node_group_defaults.iam_role_path, null)
  iam_role_tags                = try(each.value.iam_role_tags, var.self_managed_node_group_defaults.iam_role_tags, {})
  iam_role_attach_cni_policy   = try(each.value.iam_role_attach_cni_policy, var.self_managed_node_group_defaults.iam_role_attach_cni_policy, true)
  iam_role_additional_policies = lookup(each.value, "iam_role_additional_policies", lookup(var.self_managed_node_group_defaults, "iam_role_additional_policies", {}))

  create_access_entry = try(each.value.create_access_entry, var.self_managed_node_group_defaults.create_access_entry, true)
  iam_role_arn        = try(each.value.iam_role_arn, var.self_managed_node_group_defaults.iam_role_arn, null)

  vpc_security_group_ids            = compact(concat([local.node_security_group_id], try(each.value.vpc_security_group_ids, var.self_managed_node_group_defaults.vpc_security_group_ids, [])))
  cluster_primary_security_group_id = try(each.value.attach_cluster_primary_security_group, var.self_managed_node_group_defaults.attach_cluster_primary_security_group, false) ? aws_eks_cluster.this[0].vpc_config[0].cluster_security_group_id : null

  tags = merge(var.tags, try(each.value.tags, var.self_managed_node_group_defaults.tags, {}))
}

# Fargate profiles (node_groups.tf, module "fargate_profile"): the
# selectors and subnets of each entry of fargate_profiles.
module "fargate_profile" {
  source = "./modules/fargate-profile"

  for_each = { for k, v in var.fargate_profiles : k => v if var.create && !local.create_outposts }

  create       = try(each.value.create, true)
  cluster_name = aws_eks_cluster.this[0].name
  name         = try(each.value.name, each.key)
  subnet_ids   = try(each.value.subnet_ids, var.fargate_profile_defaults.subnet_ids, var.subnet_ids)
  selectors    = try(each.value.selectors, var.fargate_profile_defaults.selectors, [])

  create_iam_role          = try(each.value.create_iam_role, var.fargate_profile_defaults.create_iam_role, true)
  iam_role_arn             = try(each.value.iam_role_arn, var.fargate_profile_defaults.iam_role_arn, null)
  iam_role_name            = try(each.value.iam_role_name, var.fargate_profile_defaults.iam_role_name, null)
  iam_role_use_name_prefix = try(each.value.iam_role_use_name_prefix, var.fargate_profile_defaults.iam_role_use_name_prefix, true)
  iam_role_path            = try(each.value.iam_role_path, var.fargate_profile_defaults.iam_role_path, null)
  iam_role_tags            = try(each.value.iam_role_tags, var.fargate_profile_defaults.iam_role_tags, {})

  tags = merge(var.tags, try(each.value.tags, var.fargate_profile_defaults.tags, {}))
}

# EKS managed add-ons (main.tf, resources "aws_eks_addon" "this" and, from
# v19.x, "before_compute" for add-ons with before_compute = true): the
# service accounts some of them run as (aws-ebs-csi-driver's
# ebs-csi-controller-sa, …) are read from them. Not on Outposts.
resource "aws_eks_addon" "this" {
  for_each = { for k, v in var.cluster_addons : k => v if !try(v.before_compute, false) && local.create && !local.create_outposts }

  cluster_name             = aws_eks_cluster.this[0].name
  addon_name               = try(each.value.name, each.key)
  service_account_role_arn = try(each.value.service_account_role_arn, null)

  dynamic "pod_identity_association" {
    for_each = try(each.value.pod_identity_association, [])

    content {
      role_arn        = pod_identity_association.value.role_arn
      service_account = pod_identity_association.value.service_account
    }
  }
}

resource "aws_eks_addon" "before_compute" {
  for_each = { for k, v in var.cluster_addons : k => v if try(v.before_compute, false) && local.create && !local.create_outposts }

  cluster_name             = aws_eks_cluster.this[0].name
  addon_name               = try(each.value.name, each.key)
  service_account_role_arn = try(each.value.service_account_role_arn, null)

  dynamic "pod_identity_association" {
    for_each = try(each.value.pod_identity_association, [])

    content {
      role_arn        = pod_identity_association.value.role_arn
      service_account = pod_identity_association.value.service_account
    }
  }
}
