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

  tags = {
    team = "ledger"
  }

  # Only the node security group carries the discovery tag.
  node_security_group_tags = {
    "karpenter.sh/discovery" = "ledger"
  }
}
