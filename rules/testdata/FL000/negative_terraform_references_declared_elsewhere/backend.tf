terraform {
  backend "s3" {
    bucket = "network-terraform-state"
    key    = "peering/terraform.tfstate"
    region = "eu-west-1"
  }
}
