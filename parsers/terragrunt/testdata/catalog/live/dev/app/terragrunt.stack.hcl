unit "web" {
  source = "${get_repo_root()}/catalog/units/web"
  path   = "web"
  values = {
    name = "shop"
  }
}
