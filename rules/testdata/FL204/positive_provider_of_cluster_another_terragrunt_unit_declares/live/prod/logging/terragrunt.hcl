terraform {
  source = "../../../modules/logging"
}

dependencies {
  paths = ["../cluster"]
}

inputs = {
  cluster_name = "atlas-prod"
}
