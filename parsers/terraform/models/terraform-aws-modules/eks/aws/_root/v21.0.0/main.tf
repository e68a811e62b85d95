# Stand-in for terraform-aws-modules/eks/aws (root module), v21.0.0 up to
# v22 (exclusive). Written for faultline, not copied: it declares the real
# module's variables and creates, at the real resource addresses, what the
# rules read (cluster, cluster IAM role, cluster and node security groups
# with their tags, access entries, OIDC provider, node group submodules).
# Sources: github.com/terraform-aws-modules/terraform-aws-eks, main.tf,
# node_groups.tf, variables.tf, outputs.tf at tags v21.0.0 and v21.19.0.
# v21 renames inputs: cluster_name is name, cluster_version is
# kubernetes_version, cluster_security_group_* are security_group_*,
# cluster_additional_security_group_ids is additional_security_group_ids,
# create_cluster_primary_security_group_tags is
# create_primary_security_group_tags; the node group maps are typed
# objects (an attribute left out is null) and their *_defaults are gone.
# Each add-on's pod_identity_association blocks are modelled (main.tf,
# aws_eks_addon "this" and "before_compute", at v21.0.0).
# Not modelled: EKS Auto Mode's node role (aws_iam_role.eks_auto).

locals {
  create               = var.create
  role_arn             = try(aws_iam_role.this[0].arn, var.iam_role_arn)
  create_outposts      = var.outpost_config != null
  create_iam_role      = local.create && var.create_iam_role
  iam_role_name        = coalesce(var.iam_role_name, "${var.name}-cluster")
  security_group_name  = coalesce(var.security_group_name, "${var.name}-cluster")
  create_cluster_sg    = local.create && var.create_security_group
  node_sg_name         = coalesce(var.node_security_group_name, "${var.name}-node")
  create_node_sg       = var.create && var.create_node_security_group
  create_oidc_provider = local.create && var.enable_irsa && !local.create_outposts

  security_group_id      = local.create_cluster_sg ? aws_security_group.cluster[0].id : var.security_group_id
  node_security_group_id = local.create_node_sg ? aws_security_group.node[0].id : var.node_security_group_id

  merged_access_entries = merge(
    { for k, v in {
      cluster_creator = {
        principal_arn = try(data.aws_iam_session_context.current[0].issuer_arn, "")
        type          = "STANDARD"
      }
    } : k => v if var.enable_cluster_creator_admin_permissions },
    var.access_entries,
  )
}

data "aws_partition" "current" {
  count = local.create ? 1 : 0
}
data "aws_caller_identity" "current" {
  count = local.create ? 1 : 0
}
data "aws_iam_session_context" "current" {
  count = local.create ? 1 : 0
  arn   = try(data.aws_caller_identity.current[0].arn, "")
}

resource "aws_eks_cluster" "this" {
  count = local.create ? 1 : 0

  name     = var.name
  role_arn = local.role_arn
  version  = var.kubernetes_version

  access_config {
    authentication_mode                         = var.authentication_mode
    bootstrap_cluster_creator_admin_permissions = false
  }

  vpc_config {
    security_group_ids = compact(distinct(concat(var.additional_security_group_ids, [local.security_group_id])))
    subnet_ids         = coalescelist(var.control_plane_subnet_ids, var.subnet_ids)
  }

  # EKS Auto Mode (compute_config.enabled): built-in NodePools no source
  # declares.
  dynamic "compute_config" {
    for_each = var.compute_config != null ? [var.compute_config] : []

    content {
      enabled    = try(compute_config.value.enabled, false)
      node_pools = try(compute_config.value.node_pools, null)
    }
  }

  tags = merge(var.tags, var.cluster_tags)
}

resource "aws_ec2_tag" "cluster_primary_security_group" {
  for_each = { for k, v in merge(var.tags, var.cluster_tags) :
    k => v if local.create && k != "Name" && var.create_primary_security_group_tags
  }

  resource_id = aws_eks_cluster.this[0].vpc_config[0].cluster_security_group_id
  key         = each.key
  value       = each.value
}

resource "aws_eks_access_entry" "this" {
  for_each = { for k, v in local.merged_access_entries : k => v if local.create }

  cluster_name      = aws_eks_cluster.this[0].name # the cluster id is its name
  kubernetes_groups = try(each.value.kubernetes_groups, null)
  principal_arn     = each.value.principal_arn
  type              = try(each.value.type, "STANDARD")
  user_name         = try(each.value.user_name, null)
}

resource "aws_security_group" "cluster" {
  count = local.create_cluster_sg ? 1 : 0

  name        = var.security_group_use_name_prefix ? null : local.security_group_name
  name_prefix = var.security_group_use_name_prefix ? "${local.security_group_name}${var.prefix_separator}" : null
  vpc_id      = var.vpc_id

  tags = merge(
    var.tags,
    { "Name" = local.security_group_name },
    var.security_group_tags
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
      "Name"                              = local.node_sg_name
      "kubernetes.io/cluster/${var.name}" = "owned"
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
      Action    = ["sts:AssumeRole", "sts:TagSession"]
      Principal = { Service = "eks.amazonaws.com" }
    }]
  })

  tags = merge(var.tags, var.iam_role_tags)
}

# The node group maps are typed objects in v21: an attribute the user
# leaves out is null, and the submodule's own default applies.
module "eks_managed_node_group" {
  source = "./modules/eks-managed-node-group"

  for_each = var.create && !local.create_outposts && var.eks_managed_node_groups != null ? var.eks_managed_node_groups : {}

  create       = try(each.value.create, null)
  cluster_name = aws_eks_cluster.this[0].name # the cluster id is its name
  name         = coalesce(try(each.value.name, null), each.key)

  use_name_prefix = try(each.value.use_name_prefix, null)
  subnet_ids      = coalesce(try(each.value.subnet_ids, null), var.subnet_ids)
  # The module passes each.value.ami_id (null when not set), which before
  # 21.1.2 (its ami_id became nullable = false) left ami_type unset for
  # every group; modelled as from 21.1.2 on, "" when not set, so that an
  # allowed 21.0 does not make every group's facts differ.
  ami_id   = try(each.value.ami_id, "")
  ami_type = try(each.value.ami_type, null)

  # The user data settings the submodule models (its modelled_user_data).
  bootstrap_extra_args  = try(each.value.bootstrap_extra_args, null)
  cloudinit_pre_nodeadm = try(each.value.cloudinit_pre_nodeadm, null)
  min_size              = try(each.value.min_size, null)
  max_size              = try(each.value.max_size, null)
  desired_size          = try(each.value.desired_size, null)
  capacity_type         = try(each.value.capacity_type, null)
  instance_types        = try(each.value.instance_types, null)
  labels                = try(each.value.labels, null)
  taints                = try(each.value.taints, null)

  create_launch_template          = try(each.value.create_launch_template, null)
  use_custom_launch_template      = try(each.value.use_custom_launch_template, null)
  launch_template_id              = try(each.value.launch_template_id, null)
  launch_template_name            = coalesce(try(each.value.launch_template_name, null), each.key)
  launch_template_use_name_prefix = try(each.value.launch_template_use_name_prefix, null)
  launch_template_tags            = try(each.value.launch_template_tags, null)
  network_interfaces              = try(each.value.network_interfaces, null)
  remote_access                   = try(each.value.remote_access, null)

  create_iam_role            = try(each.value.create_iam_role, null)
  iam_role_arn               = try(each.value.iam_role_arn, null)
  iam_role_name              = try(each.value.iam_role_name, null)
  iam_role_use_name_prefix   = try(each.value.iam_role_use_name_prefix, null)
  iam_role_path              = try(each.value.iam_role_path, null)
  iam_role_tags              = try(each.value.iam_role_tags, null)
  iam_role_attach_cni_policy = try(each.value.iam_role_attach_cni_policy, null)

  vpc_security_group_ids            = compact(concat([local.node_security_group_id], try(each.value.vpc_security_group_ids, [])))
  cluster_primary_security_group_id = try(each.value.attach_cluster_primary_security_group, false) ? aws_eks_cluster.this[0].vpc_config[0].cluster_security_group_id : null
  security_group_tags               = try(each.value.security_group_tags, null)

  tags = merge(var.tags, try(each.value.tags, null))
}

module "self_managed_node_group" {
  source = "./modules/self-managed-node-group"

  for_each = var.create && var.self_managed_node_groups != null ? var.self_managed_node_groups : {}

  create       = try(each.value.create, null)
  cluster_name = aws_eks_cluster.this[0].name # the cluster id is its name
  name         = coalesce(try(each.value.name, null), each.key)

  create_autoscaling_group   = try(each.value.create_autoscaling_group, null)
  use_name_prefix            = try(each.value.use_name_prefix, null)
  subnet_ids                 = coalesce(try(each.value.subnet_ids, null), var.subnet_ids)
  availability_zones         = try(each.value.availability_zones, null)
  min_size                   = try(each.value.min_size, null)
  max_size                   = try(each.value.max_size, null)
  desired_size               = try(each.value.desired_size, null)
  instance_type              = try(each.value.instance_type, null)
  use_mixed_instances_policy = try(each.value.use_mixed_instances_policy, null)
  mixed_instances_policy     = try(each.value.mixed_instances_policy, null)
  ami_type                   = try(each.value.ami_type, null)

  create_launch_template          = try(each.value.create_launch_template, null)
  launch_template_id              = try(each.value.launch_template_id, null)
  launch_template_name            = coalesce(try(each.value.launch_template_name, null), each.key)
  launch_template_use_name_prefix = try(each.value.launch_template_use_name_prefix, null)
  launch_template_tags            = try(each.value.launch_template_tags, null)
  network_interfaces              = try(each.value.network_interfaces, null)

  create_iam_instance_profile = try(each.value.create_iam_instance_profile, null)
  iam_instance_profile_arn    = try(each.value.iam_instance_profile_arn, null)
  iam_role_name               = try(each.value.iam_role_name, null)
  iam_role_use_name_prefix    = try(each.value.iam_role_use_name_prefix, null)
  iam_role_path               = try(each.value.iam_role_path, null)
  iam_role_tags               = try(each.value.iam_role_tags, null)
  iam_role_attach_cni_policy  = try(each.value.iam_role_attach_cni_policy, null)

  create_access_entry = try(each.value.create_access_entry, null)
  iam_role_arn        = try(each.value.iam_role_arn, null)

  vpc_security_group_ids            = compact(concat([local.node_security_group_id], try(each.value.vpc_security_group_ids, [])))
  cluster_primary_security_group_id = try(each.value.attach_cluster_primary_security_group, false) ? aws_eks_cluster.this[0].vpc_config[0].cluster_security_group_id : null
  security_group_tags               = try(each.value.security_group_tags, null)

  tags = merge(var.tags, try(each.value.tags, null))
}

# Fargate profiles (node_groups.tf, module "fargate_profile"): the
# selectors and subnets of each entry of fargate_profiles.
module "fargate_profile" {
  source = "./modules/fargate-profile"

  for_each = var.create && !local.create_outposts && var.fargate_profiles != null ? var.fargate_profiles : {}

  create       = try(each.value.create, null)
  cluster_name = aws_eks_cluster.this[0].name
  name         = coalesce(try(each.value.name, null), each.key)
  subnet_ids   = coalesce(try(each.value.subnet_ids, null), var.subnet_ids)
  selectors    = try(each.value.selectors, null)

  create_iam_role          = try(each.value.create_iam_role, null)
  iam_role_arn             = try(each.value.iam_role_arn, null)
  iam_role_name            = try(each.value.iam_role_name, null)
  iam_role_use_name_prefix = try(each.value.iam_role_use_name_prefix, null)
  iam_role_path            = try(each.value.iam_role_path, null)
  iam_role_tags            = try(each.value.iam_role_tags, null)

  tags = merge(var.tags, try(each.value.tags, null))
}

# EKS managed add-ons (main.tf, resources "aws_eks_addon" "this" and
# "before_compute"; v21 names the input addons): the service accounts some
# of them run as (aws-ebs-csi-driver's ebs-csi-controller-sa, …) are read
# from them. Not on Outposts.
resource "aws_eks_addon" "this" {
  for_each = var.addons != null && local.create && !local.create_outposts ? { for k, v in var.addons : k => v if !try(v.before_compute, false) } : {}

  cluster_name             = aws_eks_cluster.this[0].name
  addon_name               = try(each.value.name, each.key)
  service_account_role_arn = try(each.value.service_account_role_arn, null)

  dynamic "pod_identity_association" {
    for_each = try(each.value.pod_identity_association, null) != null ? each.value.pod_identity_association : []

    content {
      role_arn        = pod_identity_association.value.role_arn
      service_account = pod_identity_association.value.service_account
    }
  }
}

resource "aws_eks_addon" "before_compute" {
  for_each = var.addons != null && local.create && !local.create_outposts ? { for k, v in var.addons : k => v if try(v.before_compute, false) } : {}

  cluster_name             = aws_eks_cluster.this[0].name
  addon_name               = try(each.value.name, each.key)
  service_account_role_arn = try(each.value.service_account_role_arn, null)

  dynamic "pod_identity_association" {
    for_each = try(each.value.pod_identity_association, null) != null ? each.value.pod_identity_association : []

    content {
      role_arn        = pod_identity_association.value.role_arn
      service_account = pod_identity_association.value.service_account
    }
  }
}
