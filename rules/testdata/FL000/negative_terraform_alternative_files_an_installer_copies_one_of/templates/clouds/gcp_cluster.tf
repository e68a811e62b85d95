# The GCP variant of the same call.
module "cluster" {
  source = "../../modules/gcp-cluster"

  name = var.cluster_name
}
