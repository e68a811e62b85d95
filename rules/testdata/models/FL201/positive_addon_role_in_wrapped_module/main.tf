# The platform root wraps the cluster in a module of its own.
module "cluster" {
  source = "./modules/cluster"

  name    = "quarry"
  vpc_id  = "vpc-0c0ffee"
  subnets = ["subnet-0a1", "subnet-0b2"]
}
