# Staging was copied from prod before the cluster inputs were added.
module "traces" {
  source = "../../modules/traces"
}
