# Stand-in for the node_groups submodule of terraform-aws-modules/eks/aws
# v17 (./modules/node_groups, called by the root as module.node_groups;
# not published as a registry submodule before v18). Written for
# faultline, not copied: one managed node group per node_groups entry,
# whose role is the entry's iam_role_arn or else the root's worker role.
# Sources: github.com/terraform-aws-modules/terraform-aws-eks,
# modules/node_groups/{node_groups.tf,main.tf}, locals.tf, variables.tf,
# outputs.tf at tags v17.0.0 and v17.24.0.

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
      iam_role_arn = var.default_iam_role_arn
      subnets      = lookup(var.workers_group_defaults, "subnets", [])
    },
    var.node_groups_defaults,
    v,
  ) if var.create_eks }
}

resource "aws_eks_node_group" "workers" {
  for_each = local.node_groups_expanded

  node_group_name_prefix = lookup(each.value, "name", null) == null ? lookup(each.value, "name_prefix", join("-", [var.cluster_name, each.key])) : null
  node_group_name        = lookup(each.value, "name", null)

  cluster_name  = var.cluster_name
  node_role_arn = each.value["iam_role_arn"]
  subnet_ids    = each.value["subnets"]

  dynamic "launch_template" {
    for_each = lookup(each.value, "launch_template_id", null) != null ? [each.value["launch_template_id"]] : []
    content {
      id = launch_template.value
    }
  }

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
