inputs = {
  region = "eu-central-1"
}
