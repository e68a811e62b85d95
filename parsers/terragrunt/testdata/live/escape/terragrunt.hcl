include "shared" {
  path = "../../shared.hcl"
}

inputs = {
  replicas = 1
}
