unit "db" {
  source = "../catalog/db"
  path   = "db"
}

unit "db" {
  source = "../catalog/db"
  path   = "db"
}

unit "db-copy" {
  source = "../catalog/db"
  path   = "db"
}
