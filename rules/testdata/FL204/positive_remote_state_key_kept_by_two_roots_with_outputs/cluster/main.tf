terraform {
  backend "s3" {
    bucket = "kestrel-terraform"
    key    = "platform/cluster.tfstate"
    region = "eu-north-1"
  }
}

module "eks" {
  source  = "terraform-aws-modules/eks/aws"
  version = "~> 20.31"

  cluster_name    = "kestrel"
  cluster_version = "1.31"
  vpc_id          = "vpc-05d4c3b2a1908f7e6"
  subnet_ids      = ["subnet-0123abcd4567ef890", "subnet-0fedcba9876543210"]
}

output "oidc_provider_arn" {
  value = module.eks.oidc_provider_arn
}

output "oidc_issuer_host" {
  value = module.eks.oidc_provider
}
