terraform {
  source = "../../../modules/nodes"
}

inputs = {
  cluster = "prod"
}
