# Copied into platform/live by scripts/new-role.sh; from there the module
# path resolves.
module "irsa" {
  source    = "../modules/irsa-role"
  role_name = "__SERVICE__-irsa"
}
