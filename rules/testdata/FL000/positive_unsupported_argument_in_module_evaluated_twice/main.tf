module "cluster" {
  source = "./modules/cluster"
  name   = "kiln"
}
