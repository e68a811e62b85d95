locals {
  version = "20.8.4"
}

unit "eks" {
  source = "../catalog/units/eks"
  path   = "eks"
  values = {
    cluster_name = "stack-eks"
    version      = local.version
  }
}

unit "rds" {
  source = "git::https://github.com/acme/catalog.git//units/rds?ref=v1.0.0"
  path   = "rds"
}
