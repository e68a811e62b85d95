# The role is off by default: its output is null, so the chart's account
# is annotated with no role at all.
module "karpenter_iam" {
  source = "./modules/karpenter-iam"
}

module "karpenter" {
  source              = "./modules/karpenter"
  controller_role_arn = module.karpenter_iam.controller_role_arn == null ? "" : module.karpenter_iam.controller_role_arn
}
