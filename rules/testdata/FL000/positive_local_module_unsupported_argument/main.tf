# The network module was split; the call still passes the flow log switch
# the module no longer declares. Terraform refuses the configuration.
module "network" {
  source = "./modules/network"

  cidr_block        = "10.40.0.0/16"
  enable_flow_logs  = true # want FL000 "Unsupported argument: an argument named \"enable_flow_logs\" is not expected here"
}
