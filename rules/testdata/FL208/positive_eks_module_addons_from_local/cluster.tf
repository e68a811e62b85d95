module "eks" {
  source          = "terraform-aws-modules/eks/aws"
  version         = "20.31.0"
  cluster_name    = "telemetry"
  cluster_version = "1.31"
  vpc_id          = "vpc-0e1f2a3b4c5d6e7f8"
  subnet_ids      = ["subnet-0e1e2e3e4e5e6e7e8", "subnet-0f1f2f3f4f5f6f7f8"]

  cluster_addons = local.cluster_addons
}
