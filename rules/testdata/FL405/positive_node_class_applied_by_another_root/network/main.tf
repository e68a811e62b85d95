# The platform root: the VPC, the cluster and the role Karpenter's nodes
# take. The private subnets carry the discovery tag of "orders".
terraform {
  backend "s3" {
    bucket = "orders-terraform-state"
    key    = "network/terraform.tfstate"
    region = "us-east-2"
  }
}

resource "aws_vpc" "main" {
  cidr_block = "10.40.0.0/16"
}

resource "aws_subnet" "private" {
  for_each          = { a = "10.40.0.0/20", b = "10.40.16.0/20" }
  vpc_id            = aws_vpc.main.id
  cidr_block        = each.value
  availability_zone = "us-east-2${each.key}"
  tags = {
    "karpenter.sh/discovery" = "orders"
  }
}

resource "aws_iam_role" "control_plane" {
  name = "orders-control-plane"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRole"
      Principal = { Service = "eks.amazonaws.com" }
    }]
  })
}

resource "aws_iam_role" "karpenter_nodes" {
  name = "orders-karpenter-nodes"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRole"
      Principal = { Service = "ec2.amazonaws.com" }
    }]
  })
}

resource "aws_eks_cluster" "orders" {
  name     = "orders"
  role_arn = aws_iam_role.control_plane.arn

  vpc_config {
    subnet_ids = [for s in aws_subnet.private : s.id]
  }
}
