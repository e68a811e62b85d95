provider "aws" {
  region = "eu-central-1"
}

locals {
  zones = {
    a = "eu-central-1a"
    b = "eu-central-1b"
  }
}

resource "aws_vpc" "main" {
  cidr_block = "10.40.0.0/16"
}

resource "aws_subnet" "private" {
  for_each          = local.zones
  vpc_id            = aws_vpc.main.id
  availability_zone = each.value
  cidr_block        = cidrsubnet("10.40.0.0/16", 4, index(keys(local.zones), each.key))

  tags = {
    "karpenter.sh/discovery" = "payments"
  }
}

resource "aws_security_group" "nodes" {
  name   = "payments-nodes"
  vpc_id = aws_vpc.main.id

  tags = {
    "karpenter.sh/discovery" = "payments"
  }
}

resource "aws_iam_role" "cluster" {
  name = "payments-cluster"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRole"
      Principal = { Service = "eks.amazonaws.com" }
    }]
  })
}

resource "aws_eks_cluster" "payments" {
  name     = "payments"
  role_arn = aws_iam_role.cluster.arn

  vpc_config {
    subnet_ids = [for s in aws_subnet.private : s.id]
  }
}

resource "aws_iam_role" "karpenter_node" {
  name = "payments-karpenter-node"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRole"
      Principal = { Service = "ec2.amazonaws.com" }
    }]
  })
}
