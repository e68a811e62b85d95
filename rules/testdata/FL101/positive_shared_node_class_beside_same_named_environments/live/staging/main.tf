terraform {
  backend "s3" {
    bucket = "harbor-terraform-state"
    key    = "staging/cluster.tfstate"
    region = "eu-west-2"
  }
}

variable "cluster_name" {
  type = string
}

module "cluster" {
  source = "../../modules/cluster"
  name   = var.cluster_name
}
