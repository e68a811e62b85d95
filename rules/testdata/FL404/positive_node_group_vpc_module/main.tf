module "vpc" {
  source  = "terraform-aws-modules/vpc/aws"
  version = "~> 5.8"

  name            = "ledger"
  cidr            = "10.10.0.0/16"
  azs             = ["eu-west-1a", "eu-west-1b"]
  private_subnets = ["10.10.0.0/20", "10.10.16.0/20"]
  public_subnets  = ["10.10.128.0/20", "10.10.144.0/20"]
}

resource "aws_eks_cluster" "ledger" {
  name     = "ledger"
  role_arn = "arn:aws:iam::111122223333:role/ledger-cluster"

  vpc_config {
    subnet_ids = module.vpc.private_subnets
  }
}

resource "aws_eks_node_group" "default" {
  cluster_name    = aws_eks_cluster.ledger.name
  node_group_name = "default"
  node_role_arn   = "arn:aws:iam::111122223333:role/ledger-nodes"
  subnet_ids      = module.vpc.private_subnets
  instance_types  = ["m6i.xlarge"]

  scaling_config {
    min_size     = 2
    max_size     = 6
    desired_size = 3
  }
}
