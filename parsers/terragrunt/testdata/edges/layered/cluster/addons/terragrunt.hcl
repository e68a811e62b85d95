include "cluster" {
  path = "../terragrunt.hcl"
}

terraform {
  source = "../../../modules/vpc"
}
