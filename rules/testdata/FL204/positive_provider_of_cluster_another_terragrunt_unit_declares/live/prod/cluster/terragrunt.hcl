terraform {
  source = "../../../modules/cluster"
}

inputs = {
  name = "atlas-prod"
}
