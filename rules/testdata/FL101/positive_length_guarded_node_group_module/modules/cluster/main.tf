variable "create" {
  type    = bool
  default = true
}

variable "cluster_name" {
  type = string
}

# Set only when the control plane runs on an Outpost.
variable "outpost_config" {
  type    = any
  default = {}
}

variable "node_groups" {
  type    = any
  default = {}
}

variable "node_role_arn" {
  type = string
}

locals {
  on_outpost = length(var.outpost_config) > 0
}

module "node_group" {
  source   = "./node-group"
  for_each = { for name, group in var.node_groups : name => group if var.create && !local.on_outpost }

  cluster_name   = var.cluster_name
  name           = each.key
  role_arn       = var.node_role_arn
  instance_types = try(each.value.instance_types, ["m7i.large"])
  min_size       = try(each.value.min_size, 1)
}
