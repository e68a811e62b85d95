terraform {
  backend "s3" {}
}

module "nat" {
  source  = "./modules/nat"
  subnets = ["subnet-0f3", "subnet-0f4"]
  tags    = { team = "network" }
}
