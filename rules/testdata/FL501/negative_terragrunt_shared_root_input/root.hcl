inputs = {
  # Every unit gets these; modules that declare no such variable ignore them.
  environment = "prod"
  owner_team  = "platform"
}
