terraform {
  source = "../modules//vpc"
}

inputs = {
  name     = "broken"
  replicas = = 2
}
