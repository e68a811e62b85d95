unit "one" {
  source = "../catalog/tmpl"
  path   = "one"
  values = {
    name = "one"
  }
}

unit "two" {
  source = "../catalog/tmpl"
  path   = "two"
  values = {
    name = "two"
  }
}
