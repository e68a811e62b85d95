provider "aws" {
  region = "eu-central-1"

  default_tags {
    tags = {
      "karpenter.sh/discovery" = "shop"
    }
  }
}
