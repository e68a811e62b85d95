inputs = {
  team = "data"
}
