module "cluster" {
  source = "./modules/cluster"
  name   = "orbit"
}

module "karpenter" {
  source       = "./modules/karpenter"
  cluster_name = module.cluster.name
}
