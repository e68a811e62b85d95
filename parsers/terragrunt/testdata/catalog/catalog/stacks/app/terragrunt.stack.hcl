unit "web" {
  source = "../../units/web"
  path   = "web"
  values = {
    name = "catalog"
  }
}

unit "worker" {
  source = "../../units/worker"
  path   = "worker"
}
