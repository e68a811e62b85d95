terraform {
  backend "s3" {}
}

module "eks" {
  source  = "../../modules/eks"
  cluster = "checkout"
}
