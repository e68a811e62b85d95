locals {
  peer_cidr = "10.64.0.0/16"
}
