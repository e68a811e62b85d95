terraform {
  backend "s3" {
    bucket = "acme-tfstate"
    key    = "live/cache/terraform.tfstate"
    region = "eu-west-1"
  }
}

resource "helm_release" "redis" {
  name      = "redis"
  namespace = "cache"
  chart     = "../../charts/redis"
}
