# The state's bucket and key are given at init:
#   terraform init -backend-config=identity.s3.tfbackend
terraform {
  backend "s3" {}
}
