dependency "secrets" {
  config_path  = "../secrets"
  skip_outputs = true
}

dependency "vpc" {
  config_path = "../network"
  mock_outputs = {
    vpc_id          = "vpc-00000000"
    route_table_ids = []
  }
}

dependency "whole" {
  config_path = "../gone"
}

inputs = {
  secret_arn  = dependency.secrets.outputs.arn
  secret_name = dependency.secrets.outputs.name
  vpc_id      = dependency.vpc.outputs.vpc_id
  route_table = dependency.vpc.outputs.route_table_ids[0]
  subnets     = dependency.vpc.outputs.private_subnets
  everything  = merge(dependency.whole.outputs, { extra = "x" })
}
