terraform {
  backend "s3" {}
}

# The module comes from a git submodule: a checkout holds it once
# `git submodule update --init` has run, before terraform init.
module "queue" {
  source = "./vendor/queue/terraform"
  name   = "orders"
}
