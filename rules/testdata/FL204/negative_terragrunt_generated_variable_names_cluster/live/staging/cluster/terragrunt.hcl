include "root" {
  path = find_in_parent_folders()
}

terraform {
  source = "../../../modules//cluster"
}

inputs = {
  cluster_name = "staging"
}
