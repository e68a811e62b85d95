# The platform module installs the metrics agent chart with the role the
# workload-role module makes, and the role trusts the platform's issuer:
# each call reads the other's outputs, output by output, as Terraform
# orders them (no cycle).
module "platform" {
  source          = "./modules/platform"
  agent_role_arn  = module.metrics_agent_role.arn
  agent_namespace = "observability"
}

module "metrics_agent_role" {
  source            = "./modules/workload-role"
  name              = "metrics-agent"
  oidc_provider_arn = module.platform.oidc_provider_arn
  issuer            = module.platform.issuer
  subject           = "system:serviceaccount:monitoring:metrics-agent"
}
