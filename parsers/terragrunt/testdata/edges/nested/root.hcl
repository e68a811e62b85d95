inputs = {
  project = "shop"
}
