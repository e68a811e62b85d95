# The cluster as it was built in 2023, kept for reference. It still names
# the same state key, but declares none of the outputs the ingress reads:
# a plan reading them from its state would fail.
terraform {
  backend "s3" {
    bucket = "kestrel-terraform"
    key    = "platform/cluster.tfstate"
    region = "eu-north-1"
  }
}

module "eks" {
  source  = "terraform-aws-modules/eks/aws"
  version = "~> 19.21"

  cluster_name    = "kestrel"
  cluster_version = "1.27"
  vpc_id          = "vpc-05d4c3b2a1908f7e6"
  subnet_ids      = ["subnet-0123abcd4567ef890", "subnet-0fedcba9876543210"]
}
