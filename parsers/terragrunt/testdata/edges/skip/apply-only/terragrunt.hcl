terraform {
  source = "../../modules/vpc"
}

exclude {
  if      = true
  actions = ["apply", "destroy"]
}
