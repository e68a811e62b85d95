provider "aws" {
  region = "eu-west-1"
}

module "eks" {
  source  = "terraform-aws-modules/eks/aws"
  version = "~> 20.24"

  cluster_name    = "ledger"
  cluster_version = "1.31"
  vpc_id          = "vpc-0d5e"
  subnet_ids      = ["subnet-0d50", "subnet-0d51"]

  # Meant for Karpenter's discovery, but the module puts these tags on the
  # cluster security group and the node security group alike.
  tags = {
    team                     = "ledger"
    "karpenter.sh/discovery" = "ledger"
  }
}
