# name and kms_key_arn have no default: every call must pass both.
module "logs" { # want FL000 `Missing required argument: The argument "kms_key_arn" is required, but no definition was found.`
  source = "./modules/bucket"
  name   = "orders-logs"
}

module "exports" {
  source      = "./modules/bucket"
  name        = "orders-exports"
  kms_key_arn = "arn:aws:kms:eu-west-1:111122223333:key/0d1e2f3a"
}

# Pasted twice: Terraform refuses a second call of the same name.
module "exports" { # want FL000 `Duplicate module call: A module call named "exports" was already defined at main.tf:7. Module calls must have unique names within a module.`
  source      = "./modules/bucket"
  name        = "orders-exports-eu"
  kms_key_arn = "arn:aws:kms:eu-west-1:111122223333:key/0d1e2f3a"
}
