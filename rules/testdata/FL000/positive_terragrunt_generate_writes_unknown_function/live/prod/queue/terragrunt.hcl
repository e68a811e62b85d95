terraform {
  source = "../../../modules/queue"
}

inputs = {
  name = "orders"
}

# Terragrunt evaluates only what is inside ${...} in the contents: the
# second call is written into backend_hint.tf as it stands, and Terraform
# has no such function.
generate "hint" {
  path      = "backend_hint.tf"
  if_exists = "overwrite_terragrunt"
  contents  = <<EOF
locals {
  unit_path = "${get_terragrunt_dir()}"
  unit_name = basename(get_terragrunt_dir()) # want FL000 `Call to unknown function: There is no function named "get_terragrunt_dir"\. \(in the file generate "backend_hint\.tf" writes\)`
}
EOF
}
