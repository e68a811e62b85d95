exclude {
  if      = true
  actions = ["all"]
}
