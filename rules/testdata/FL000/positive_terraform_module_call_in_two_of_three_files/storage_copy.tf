# A copy kept while renaming storage.tf: the directory is one root, and
# Terraform refuses the second call of the name.
module "exports" { # want FL000 `Duplicate module call: A module call named "exports" was already defined at storage.tf:1. Module calls must have unique names within a module.`
  source = "./modules/bucket"
  name   = "orders-exports-v2"
}
