# West renamed its system pool's label; its Karpenter controller now selects
# a label no node of its own cluster carries. East's nodes carry it, but
# they are another cluster's.
variable "cluster_name" {
  type = string
}

module "cluster" {
  source       = "../modules/cluster"
  cluster_name = var.cluster_name
  system_pool  = "platform"
}
