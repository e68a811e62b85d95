module "eks" {
  source  = "terraform-aws-modules/eks/aws"
  version = "~> 20.31"

  cluster_name    = "plover"
  cluster_version = "1.31"
  vpc_id          = "vpc-0b1c2d3e4f5a60718"
  subnet_ids      = ["subnet-0c2d3e4f5a6b70819", "subnet-0d3e4f5a6b7c8091a"]
}

output "oidc_provider_arn" {
  value = module.eks.oidc_provider_arn
}

output "oidc_issuer_host" {
  value = module.eks.oidc_provider
}
