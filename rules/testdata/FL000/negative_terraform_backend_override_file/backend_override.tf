# An override file replaces the backend for local runs; Terraform merges
# it into the one block, no duplicate.
terraform {
  backend "local" {
    path = "local.tfstate"
  }
}
