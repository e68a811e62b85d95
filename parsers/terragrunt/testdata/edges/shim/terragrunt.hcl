terraform {
  source = "../catalog/db"
}
