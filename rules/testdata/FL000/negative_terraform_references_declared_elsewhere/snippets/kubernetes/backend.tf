# The state key is added by the bootstrap script for each cluster root.
terraform {
  backend "s3" {}
}
