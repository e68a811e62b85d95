# terraspace build puts vendor/modules/node-group beside the built stack
# as ../../modules/node-group.
module "general" {
  source = "../../modules/node-group"

  cluster_name = var.cluster_name
  role_name    = var.node_role_name
  env          = local.env
}
