# Stand-in for terraform-aws-modules/eks/aws (root module), v17.0.0 up to
# v18 (exclusive). Written for faultline, not copied: it declares the real
# module's variables and creates, at the real resource addresses, what the
# rules read: the cluster, the cluster and worker security groups, the
# worker IAM role and the instance profiles of worker_groups (launch
# configurations) and worker_groups_launch_template (launch templates),
# their autoscaling groups, the OIDC provider, the aws-auth ConfigMap and
# the node_groups submodule (../../modules/node_groups/v17.0.0).
# Sources: github.com/terraform-aws-modules/terraform-aws-eks, main.tf,
# workers.tf, workers_launch_template.tf, node_groups.tf, aws_auth.tf,
# irsa.tf, locals.tf, data.tf, variables.tf, outputs.tf at tags v17.0.0 and
# v17.24.0. Not modelled: custom instance profiles given by name when
# manage_worker_iam_resources = false (iam_instance_profile_name), Fargate.
# The module sets no access_config: EKS creates such a cluster in
# CONFIG_MAP mode, written below as the fact it is.

locals {
  cluster_name = var.cluster_name

  worker_group_launch_configuration_count = length(var.worker_groups)
  worker_group_launch_template_count      = length(var.worker_groups_launch_template)

  default_iam_role_id       = concat(aws_iam_role.workers.*.id, [""])[0]
  cluster_security_group_id = var.cluster_create_security_group ? join("", aws_security_group.cluster.*.id) : var.cluster_security_group_id
  worker_security_group_id  = var.worker_create_security_group ? join("", aws_security_group.workers.*.id) : var.worker_security_group_id

  # The defaults of locals.tf (workers_group_defaults_defaults) the
  # node_groups submodule reads, under var.workers_group_defaults.
  workers_group_defaults = merge({
    asg_desired_capacity          = "1"
    asg_max_size                  = "3"
    asg_min_size                  = "1"
    instance_type                 = "m4.large"
    key_name                      = ""
    launch_template_id            = null
    launch_template_version       = "$Latest"
    subnets                       = var.subnets
    additional_security_group_ids = []
  }, var.workers_group_defaults)
}

data "aws_partition" "current" {}
data "aws_caller_identity" "current" {}

resource "aws_eks_cluster" "this" {
  count = var.create_eks ? 1 : 0

  name     = var.cluster_name
  role_arn = try(aws_iam_role.cluster[0].arn, null)
  version  = var.cluster_version

  access_config {
    authentication_mode = "CONFIG_MAP"
  }

  vpc_config {
    security_group_ids = compact([local.cluster_security_group_id])
    subnet_ids         = var.subnets
  }

  tags = var.tags
}

resource "aws_security_group" "cluster" {
  count = var.cluster_create_security_group && var.create_eks ? 1 : 0

  name_prefix = var.cluster_name
  vpc_id      = var.vpc_id

  tags = merge(var.tags, { "Name" = "${var.cluster_name}-eks_cluster_sg" })
}

resource "aws_iam_role" "cluster" {
  count = var.manage_cluster_iam_resources && var.create_eks ? 1 : 0

  name_prefix = var.cluster_iam_role_name != "" ? null : var.cluster_name
  name        = var.cluster_iam_role_name != "" ? var.cluster_iam_role_name : null
  path        = var.iam_path

  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Sid       = "EKSClusterAssumeRole"
      Effect    = "Allow"
      Action    = "sts:AssumeRole"
      Principal = { Service = "eks.amazonaws.com" }
    }]
  })

  tags = var.tags
}

resource "aws_iam_openid_connect_provider" "oidc_provider" {
  count = var.enable_irsa && var.create_eks ? 1 : 0

  client_id_list = distinct(compact(concat(["sts.${data.aws_partition.current.dns_suffix}"], var.openid_connect_audiences)))
  url            = aws_eks_cluster.this[0].identity[0].oidc[0].issuer
}

resource "aws_security_group" "workers" {
  count = var.worker_create_security_group && var.create_eks ? 1 : 0

  name_prefix = var.cluster_name
  vpc_id      = var.vpc_id

  tags = merge(
    var.tags,
    {
      "Name"                                      = "${var.cluster_name}-eks_worker_sg"
      "kubernetes.io/cluster/${var.cluster_name}" = "owned"
    },
  )
}

# The one worker role every worker group, launch template group and node
# group uses unless it names its own (iam_role_id, iam_role_arn).
resource "aws_iam_role" "workers" {
  count = var.manage_worker_iam_resources && var.create_eks ? 1 : 0

  name_prefix = var.workers_role_name != "" ? null : local.cluster_name
  name        = var.workers_role_name != "" ? var.workers_role_name : null
  path        = var.iam_path

  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Sid       = "EKSWorkerAssumeRole"
      Effect    = "Allow"
      Action    = "sts:AssumeRole"
      Principal = { Service = "ec2.${data.aws_partition.current.dns_suffix}" }
    }]
  })

  tags = var.tags
}

resource "aws_iam_instance_profile" "workers" {
  count = var.manage_worker_iam_resources && var.create_eks ? local.worker_group_launch_configuration_count : 0

  name_prefix = local.cluster_name
  role        = lookup(var.worker_groups[count.index], "iam_role_id", local.default_iam_role_id)
  path        = var.iam_path
}

resource "aws_launch_configuration" "workers" {
  count = var.create_eks ? local.worker_group_launch_configuration_count : 0

  name_prefix          = "${local.cluster_name}-${lookup(var.worker_groups[count.index], "name", count.index)}"
  iam_instance_profile = aws_iam_instance_profile.workers.*.id[count.index]
  security_groups = flatten([
    local.worker_security_group_id,
    var.worker_additional_security_group_ids,
    lookup(var.worker_groups[count.index], "additional_security_group_ids", []),
  ])
}

resource "aws_autoscaling_group" "workers" {
  count = var.create_eks ? local.worker_group_launch_configuration_count : 0

  name_prefix          = "${local.cluster_name}-${lookup(var.worker_groups[count.index], "name", count.index)}"
  launch_configuration = aws_launch_configuration.workers.*.id[count.index]
}

resource "aws_iam_instance_profile" "workers_launch_template" {
  count = var.manage_worker_iam_resources && var.create_eks ? local.worker_group_launch_template_count : 0

  name_prefix = local.cluster_name
  role        = lookup(var.worker_groups_launch_template[count.index], "iam_role_id", local.default_iam_role_id)
  path        = var.iam_path
}

resource "aws_launch_template" "workers_launch_template" {
  count = var.create_eks ? local.worker_group_launch_template_count : 0

  name_prefix = "${local.cluster_name}-${lookup(var.worker_groups_launch_template[count.index], "name", count.index)}"

  network_interfaces {
    security_groups = flatten([
      local.worker_security_group_id,
      var.worker_additional_security_group_ids,
      lookup(var.worker_groups_launch_template[count.index], "additional_security_group_ids", []),
    ])
  }

  iam_instance_profile {
    name = aws_iam_instance_profile.workers_launch_template.*.name[count.index]
  }
}

resource "aws_autoscaling_group" "workers_launch_template" {
  count = var.create_eks ? local.worker_group_launch_template_count : 0

  name_prefix = "${local.cluster_name}-${lookup(var.worker_groups_launch_template[count.index], "name", count.index)}"

  launch_template {
    id = aws_launch_template.workers_launch_template.*.id[count.index]
  }
}

module "node_groups" {
  source = "./modules/node_groups"

  create_eks   = var.create_eks
  cluster_name = local.cluster_name

  default_iam_role_arn                 = coalescelist(aws_iam_role.workers[*].arn, [""])[0]
  workers_group_defaults               = local.workers_group_defaults
  worker_security_group_id             = local.worker_security_group_id
  worker_additional_security_group_ids = var.worker_additional_security_group_ids

  node_groups_defaults = var.node_groups_defaults
  node_groups          = var.node_groups

  tags = var.tags
}

# aws-auth: the roles of the worker groups' instance profiles and of the
# node groups, then map_roles (aws_auth.tf).
locals {
  auth_worker_roles = [
    for role in concat(
      aws_iam_instance_profile.workers_launch_template.*.role,
      aws_iam_instance_profile.workers.*.role,
    ) : "arn:${data.aws_partition.current.partition}:iam::${data.aws_caller_identity.current.account_id}:role/${role}"
  ]

  configmap_roles = concat(
    [for arn in concat(local.auth_worker_roles, [for r in module.node_groups.aws_auth_roles : r.worker_role_arn]) : {
      rolearn  = arn
      username = "system:node:{{EC2PrivateDNSName}}"
      groups   = ["system:bootstrappers", "system:nodes"]
    }],
    var.map_roles,
  )
}

resource "kubernetes_config_map" "aws_auth" {
  count = var.create_eks && var.manage_aws_auth ? 1 : 0

  metadata {
    name      = "aws-auth"
    namespace = "kube-system"
  }

  data = {
    mapRoles    = yamlencode(local.configmap_roles)
    mapUsers    = yamlencode(var.map_users)
    mapAccounts = yamlencode(var.map_accounts)
  }
}
