provider "aws" {
  region = "ca-central-1"
}

resource "aws_subnet" "private_a" {
  vpc_id            = "vpc-0a1b2c3d"
  cidr_block        = "10.40.0.0/20"
  availability_zone = "ca-central-1a"
  tags              = { Name = "billing-private-ca-central-1a" }
}

resource "aws_subnet" "private_b" {
  vpc_id            = "vpc-0a1b2c3d"
  cidr_block        = "10.40.16.0/20"
  availability_zone = "ca-central-1b"
  tags              = { Name = "billing-private-ca-central-1b" }
}

resource "aws_security_group" "nodes" {
  name   = "billing-nodes"
  vpc_id = "vpc-0a1b2c3d"
  tags   = { Name = "billing-nodes" }
}

resource "aws_eks_cluster" "billing" {
  name     = "billing"
  role_arn = "arn:aws:iam::111122223333:role/billing-cluster"

  vpc_config {
    subnet_ids = [aws_subnet.private_a.id, aws_subnet.private_b.id]
  }
}
