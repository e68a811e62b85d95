# One file per cloud: the installer copies the one for the chosen cloud
# into the new cluster's root. Terraform never runs in this directory.
module "cluster" {
  source = "../../modules/aws-cluster"

  name = var.cluster_name
}
