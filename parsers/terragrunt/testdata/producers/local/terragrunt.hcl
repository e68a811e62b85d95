terraform {
  source = "../modules/local"
}
