variable "metrics_enabled" {
  type    = bool
  default = true
}

# The platform module installs the metrics agent with the role the
# workload-role module makes when metrics are on, and the role trusts the
# platform's issuer: each call reads the other's outputs, the role's call
# by instance, output by output, as Terraform orders them (no cycle).
module "platform" {
  source          = "./modules/platform"
  agent_role_arn  = var.metrics_enabled ? module.metrics_agent_role[0].arn : null
  agent_namespace = "observability"
}

module "metrics_agent_role" {
  source = "./modules/workload-role"
  count  = var.metrics_enabled ? 1 : 0

  name              = "metrics-agent"
  oidc_provider_arn = module.platform.oidc_provider_arn
  issuer            = module.platform.issuer
  subject           = "system:serviceaccount:monitoring:metrics-agent"
}
