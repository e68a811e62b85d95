terraform {
  source = "../../../components//platform"
}

inputs = {
  cluster = "orders-staging"
}
