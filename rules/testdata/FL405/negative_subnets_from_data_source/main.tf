provider "aws" {
  region = "eu-west-1"
}

# The VPC is made by another repository: its subnets' tags are not known
# here.
data "aws_subnets" "private" {
  filter {
    name   = "tag:tier"
    values = ["private"]
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
    subnet_ids = data.aws_subnets.private.ids
  }
}
