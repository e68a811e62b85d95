variable "log_retention_days" {
  type    = number
  default = 30
}

module "karpenter_nodes_role" {
  source = "./modules/role"
  count  = 1
  name   = "payments-karpenter-nodes"
}

# Kept since the call gained its count, long before the base revision:
# the role already lives at module.karpenter_nodes_role[0].
moved {
  from = module.karpenter_nodes_role
  to   = module.karpenter_nodes_role[0]
}

output "log_retention_days" {
  value = var.log_retention_days
}
