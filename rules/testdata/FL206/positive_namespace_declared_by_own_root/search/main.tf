provider "aws" {
  region = "eu-west-1"
}

module "eks" {
  source  = "terraform-aws-modules/eks/aws"
  version = "~> 20.0"

  cluster_name    = "search"
  cluster_version = "1.30"
}

resource "kubernetes_service_account_v1" "cost_exporter" {
  metadata {
    name      = "cost-exporter"
    namespace = "monitoring"
  }
}
