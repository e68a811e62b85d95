# One backend configuration per environment:
#   terraform init -backend-config=staging.s3.tfbackend
#   terraform init -backend-config=production.s3.tfbackend
# Which one a run was given is not in the tree, so neither is read as
# where this root keeps its state.
terraform {
  backend "s3" {}
}
