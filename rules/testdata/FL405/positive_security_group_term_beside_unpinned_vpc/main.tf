provider "aws" {
  region = "eu-west-1"
}

module "vpc" {
  # No version: the newest is assumed, which decides nothing here (the
  # VPC's default group carries no key the node class asks for).
  source = "terraform-aws-modules/vpc/aws"

  name            = "prod"
  cidr            = "10.0.0.0/16"
  azs             = ["eu-west-1a", "eu-west-1b", "eu-west-1c"]
  private_subnets = ["10.0.0.0/19", "10.0.32.0/19", "10.0.64.0/19"]
  public_subnets  = ["10.0.96.0/22", "10.0.100.0/22", "10.0.104.0/22"]

  private_subnet_tags = {
    "karpenter.sh/discovery" = "prod-cluster"
  }
}

resource "aws_iam_role" "cluster" {
  name = "prod-cluster"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRole"
      Principal = { Service = "eks.amazonaws.com" }
    }]
  })
}

resource "aws_eks_cluster" "prod" {
  name     = "prod-cluster"
  role_arn = aws_iam_role.cluster.arn

  vpc_config {
    subnet_ids = module.vpc.private_subnets
  }
}

# The node role the EC2NodeClass names: Karpenter's nodes join this cluster.
resource "aws_iam_role" "karpenter_node" {
  name = "KarpenterNodeRole-prod"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRole"
      Principal = { Service = "ec2.amazonaws.com" }
    }]
  })
}
