terraform {
  source = "../../modules/vpc"
}

exclude {
  if      = true
  actions = ["plan", "apply"]
}
