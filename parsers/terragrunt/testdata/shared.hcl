inputs = {
  owner = "someone-else"
}
