# Reads into a cluster attribute its producer outputs whole, known only
# after apply.
dependency "cluster" {
  config_path = "../deps/vpc"
}

inputs = {
  oidc_issuer = dependency.cluster.outputs.identity[0].oidc[0].issuer
}
