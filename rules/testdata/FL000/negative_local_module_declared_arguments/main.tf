# Only inputs the local module declares, plus meta-arguments.
module "network" {
  source   = "./modules/network"
  for_each = toset(["blue", "green"])

  cidr_block = each.key == "blue" ? "10.40.0.0/16" : "10.41.0.0/16"
  providers  = {}
}
