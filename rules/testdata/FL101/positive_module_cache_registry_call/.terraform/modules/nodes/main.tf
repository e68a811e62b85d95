variable "cluster_name" {
  type = string
}

variable "node_role_arn" {
  description = "Role every pool's instances run as."
  type        = string
}

variable "subnet_ids" {
  type = list(string)
}

variable "pools" {
  type = map(object({
    instance_types = list(string)
    size           = number
  }))
  default = {}
}

module "pool" {
  source   = "./modules/pool"
  for_each = var.pools

  cluster_name   = var.cluster_name
  name           = "${var.cluster_name}-${each.key}"
  role_arn       = var.node_role_arn
  subnet_ids     = var.subnet_ids
  instance_types = each.value.instance_types
  size           = each.value.size
}

output "node_group_arns" {
  value = { for k, p in module.pool : k => p.arn }
}
