# Four dependencies: two with skip_outputs, one read, one nothing reads.
dependency "secrets" {
  config_path  = "../secrets"
  skip_outputs = true
}

dependency "net" {
  config_path  = "../net"
  skip_outputs = true
  mock_outputs = {
    vpc_id = "vpc-mock"
  }
}

dependency "vpc" {
  config_path = "../vpc"
}

dependency "unread" {
  config_path = "../gone"
}

inputs = {
  name         = "app"
  vpc_id       = dependency.net.outputs.vpc_id
  subnet_group = dependency.vpc.outputs.database_subnet_group_name
  sg           = dependency.vpc.outputs["default_security_group_id"]
  cidr         = dependency.vpc.outputs.vpc_cidr_block
  azs          = dependency.vpc.outputs.azs.names
  subnet_a     = dependency.vpc.outputs.private_subnets[0]
  subnet_c     = dependency.vpc.outputs.private_subnets[2]
}
