module "cluster" {
  source = "./modules/cluster"
  name   = "orbit"
}

module "karpenter" {
  source       = "./modules/karpenter"
  cluster_name = "orbit-legacy" # a cluster another root manages
}
