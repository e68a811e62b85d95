terraform {
  backend "s3" {
    bucket = "acme-platform-state"
    key    = "prod/network.tfstate"
    region = "us-east-1"
  }
}

# The modules sit at the repository's top: this needs ../../modules.
module "network" { # want FL000 `Unreadable module directory: The directory ../modules/network could not be read for module "network": it does not exist.`
  source = "../modules/network"
  cidr   = "10.30.0.0/16"
}
