# The Terrafile vendors "alb" only; no app/modules/cdn exists either, so
# the built stack has no ../../modules/cdn.
module "cdn" { # want FL000 `Unreadable module directory: The directory \.\./\.\./modules/cdn could not be read for module "cdn": it does not exist\.`
  source = "../../modules/cdn"

  origin = "web.example.com"
}

module "alb" {
  source = "../../modules/alb"

  name = "web"
}
