# Each region's stack makes its own cluster, named at apply time. East
# labels its system nodes as the controller expects.
variable "cluster_name" {
  type = string
}

module "cluster" {
  source       = "../modules/cluster"
  cluster_name = var.cluster_name
  system_pool  = "system"
}
