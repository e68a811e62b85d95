module "addon_roles" {
  source = "./modules/addon-roles"

  cluster_name = "atlas"
  region       = "eu-west-1" # want FL000 `Unsupported argument: an argument named "region" is not expected here`
}
