dependency "a" {
  config_path  = "../a"
  mock_outputs = { id = "a" }
}

inputs = {
  a_id = dependency.a.outputs.id
}
