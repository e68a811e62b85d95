terraform {
  source = "../../../modules/platform"
}

inputs = {
  cluster_name = "staging"
}
