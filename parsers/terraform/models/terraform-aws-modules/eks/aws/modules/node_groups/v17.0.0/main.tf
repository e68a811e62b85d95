# Stand-in for the node_groups submodule of terraform-aws-modules/eks/aws
# v17 (./modules/node_groups, called by the root as module.node_groups;
# not published as a registry submodule before v18). Written for
# faultline, not copied: one managed node group per node_groups entry,
# whose role is the entry's iam_role_arn or else the root's worker role,
# with its instance types (the root's workers_group_defaults instance_type,
# m4.large, unless given), scaling, labels (k8s_labels), taints (read from
# v17.1.0 on; v17.0.0 has none, whose taints are taken as well) and, with
# create_launch_template, the launch template the module makes, whose
# network interface carries the worker security group. Sources:
# github.com/terraform-aws-modules/terraform-aws-eks,
# modules/node_groups/{node_groups.tf,main.tf,launch_template.tf,locals.tf},
# variables.tf, outputs.tf at tags v17.0.0, v17.1.0 and v17.24.0.

variable "create_eks" {
  type    = bool
  default = true
}
variable "cluster_name" {
  type    = string
  default = ""
}
variable "cluster_endpoint" {
  default = ""
}
variable "cluster_auth_base64" {
  default = ""
}
variable "default_iam_role_arn" {
  type    = string
  default = ""
}
variable "workers_group_defaults" {
  type    = any
  default = {}
}
variable "worker_security_group_id" {
  type    = string
  default = ""
}
variable "worker_additional_security_group_ids" {
  type    = list(string)
  default = []
}
variable "tags" {
  type    = map(string)
  default = {}
}
variable "node_groups_defaults" {
  type    = any
  default = {}
}
variable "node_groups" {
  type    = any
  default = {}
}
variable "ebs_optimized_not_supported" {
  type    = list(string)
  default = []
}

locals {
  node_groups_expanded = { for k, v in var.node_groups : k => merge(
    {
      desired_capacity              = lookup(var.workers_group_defaults, "asg_desired_capacity", "1")
      iam_role_arn                  = var.default_iam_role_arn
      instance_types                = [lookup(var.workers_group_defaults, "instance_type", "m4.large")]
      key_name                      = lookup(var.workers_group_defaults, "key_name", "")
      launch_template_id            = lookup(var.workers_group_defaults, "launch_template_id", null)
      launch_template_version       = lookup(var.workers_group_defaults, "launch_template_version", "$Latest")
      set_instance_types_on_lt      = false
      max_capacity                  = lookup(var.workers_group_defaults, "asg_max_size", "3")
      min_capacity                  = lookup(var.workers_group_defaults, "asg_min_size", "1")
      subnets                       = lookup(var.workers_group_defaults, "subnets", [])
      create_launch_template        = false
      additional_security_group_ids = lookup(var.workers_group_defaults, "additional_security_group_ids", [])
      taints                        = []
    },
    var.node_groups_defaults,
    v,
  ) if var.create_eks }

  node_groups_names = { for k, v in local.node_groups_expanded : k => lookup(v, "name", lookup(v, "name_prefix", join("-", [var.cluster_name, k]))) }
}

# launch_template.tf: made for the entries with create_launch_template; its
# network interface carries the worker security group, the additional
# worker groups and the entry's own.
resource "aws_launch_template" "workers" {
  for_each = { for k, v in local.node_groups_expanded : k => v if v["create_launch_template"] }

  name_prefix   = local.node_groups_names[each.key]
  instance_type = each.value["set_instance_types_on_lt"] ? element(each.value.instance_types, 0) : null

  network_interfaces {
    security_groups = compact(flatten([
      var.worker_security_group_id,
      var.worker_additional_security_group_ids,
      lookup(each.value, "additional_security_group_ids", null),
    ]))
  }
}

resource "aws_eks_node_group" "workers" {
  for_each = local.node_groups_expanded

  node_group_name_prefix = lookup(each.value, "name", null) == null ? local.node_groups_names[each.key] : null
  node_group_name        = lookup(each.value, "name", null)

  cluster_name   = var.cluster_name
  node_role_arn  = each.value["iam_role_arn"]
  subnet_ids     = each.value["subnets"]
  instance_types = !each.value["set_instance_types_on_lt"] ? each.value["instance_types"] : null
  ami_type       = lookup(each.value, "ami_type", null)
  capacity_type  = lookup(each.value, "capacity_type", null)

  scaling_config {
    desired_size = each.value["desired_capacity"]
    max_size     = each.value["max_capacity"]
    min_size     = each.value["min_capacity"]
  }

  dynamic "launch_template" {
    for_each = each.value["launch_template_id"] != null ? [each.value["launch_template_id"]] : []
    content {
      id = launch_template.value
    }
  }

  dynamic "launch_template" {
    for_each = each.value["launch_template_id"] == null && each.value["create_launch_template"] ? [1] : []
    content {
      id = aws_launch_template.workers[each.key].id
    }
  }

  dynamic "taint" {
    for_each = each.value["taints"]
    content {
      key    = taint.value["key"]
      value  = taint.value["value"]
      effect = taint.value["effect"]
    }
  }

  labels = merge(
    lookup(var.node_groups_defaults, "k8s_labels", {}),
    lookup(var.node_groups[each.key], "k8s_labels", {})
  )

  tags = merge(var.tags, lookup(var.node_groups_defaults, "additional_tags", {}), lookup(each.value, "additional_tags", {}))
}

output "node_groups" { value = aws_eks_node_group.workers }

output "aws_auth_roles" {
  value = [
    for k, v in local.node_groups_expanded : {
      worker_role_arn = lookup(v, "iam_role_arn", var.default_iam_role_arn)
      platform        = "linux"
    }
  ]
}
