# Terragrunt copies everything under modules/ (the part before //) into
# its cache and runs Terraform in the web directory of that copy, so
# the module's "../charts/web" is modules/charts/web there.
terraform {
  source = "../../../modules//web"
}

inputs = {
  replicas = 3
}
