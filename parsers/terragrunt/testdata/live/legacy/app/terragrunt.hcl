include {
  path = find_in_parent_folders()
}

terraform {
  source = "github.com/acme/legacy-modules//app?ref=v0.9.0"
}

inputs = {
  replicas = 2
}
