include {
  path = find_in_parent_folders()
}

terraform {
  source = "../../modules//zone"
}

# region comes from the parent too; the module declares only zone_name, and
# Terraform ignores a TF_VAR_ it does not declare.
inputs = {
  zone_name = "internal.example.com"
}
