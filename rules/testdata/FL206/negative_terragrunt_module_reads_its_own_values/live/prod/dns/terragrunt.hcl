terraform {
  source = "../../../modules/dns"
}

inputs = {
  cluster_name = "prod"
}
