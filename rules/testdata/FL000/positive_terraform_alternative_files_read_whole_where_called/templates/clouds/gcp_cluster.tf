# The GCP variant of the same call.
module "cluster" { # want FL000 `Duplicate module call: A module call named "cluster" was already defined at aws_cluster.tf:3. Module calls must have unique names within a module.`
  source = "../../modules/gcp-cluster"

  name = "orders"
}
