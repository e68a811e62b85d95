locals {
  common = read_terragrunt_config("../common.hcl")
}

dependency "b" {
  config_path  = "../b"
  mock_outputs = { id = "b" }
}

inputs = {
  b_id = dependency.b.outputs.id
}
