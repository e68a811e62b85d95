include "root" {
  path = find_in_parent_folders("root.hcl")
}

terraform {
  source = "../../../modules/workers"
}

# A default the env file replaces: variables files passed with -var-file
# override inputs, which reach Terraform as TF_VAR_ variables.
inputs = {
  node_role_name = "workers-default"
}
