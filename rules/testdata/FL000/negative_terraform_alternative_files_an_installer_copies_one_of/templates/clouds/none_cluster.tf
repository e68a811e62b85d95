# An existing cluster: nothing to create, the call stands for it.
module "cluster" {
  source = "../../modules/no-cluster"

  name = var.cluster_name
}
