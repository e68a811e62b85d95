terraform {
  backend "s3" {}
}

module "exporter" {
  source      = "../../modules/exporter"
  environment = "dev"
}
