provider "aws" {
  region = "us-west-2"
}

resource "aws_vpc" "prod" {
  cidr_block = "10.40.0.0/16"
}

resource "aws_subnet" "prod" {
  for_each          = { a = "10.40.0.0/19", b = "10.40.32.0/19" }
  vpc_id            = aws_vpc.prod.id
  cidr_block        = each.value
  availability_zone = "us-west-2${each.key}"
  tags = {
    "karpenter.sh/discovery" = "prod"
  }
}

resource "aws_iam_role" "cluster" {
  name = "eks-clusters"
  assume_role_policy = jsonencode({
    Version   = "2012-10-17"
    Statement = [{ Effect = "Allow", Action = "sts:AssumeRole", Principal = { Service = "eks.amazonaws.com" } }]
  })
}

resource "aws_eks_cluster" "prod" {
  name     = "prod"
  role_arn = aws_iam_role.cluster.arn
  vpc_config {
    subnet_ids = [for s in aws_subnet.prod : s.id]
  }
}

# Staging runs in the shared VPC another team manages.
data "aws_subnets" "shared" {
  tags = { tier = "private" }
}

resource "aws_eks_cluster" "staging" {
  name     = "staging"
  role_arn = aws_iam_role.cluster.arn
  vpc_config {
    subnet_ids = data.aws_subnets.shared.ids
  }
}
