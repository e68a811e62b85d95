terraform {
  backend "s3" {}
}

module "platform" {
  source  = "../../modules/platform"
  cluster = "platform"
}
