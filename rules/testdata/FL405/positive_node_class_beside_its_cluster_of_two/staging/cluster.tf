# One root per environment, each with its own VPC and cluster.
terraform {
  backend "s3" {
    bucket = "payments-terraform-state"
    key    = "staging/terraform.tfstate"
    region = "eu-central-1"
  }
}

resource "aws_vpc" "this" {
  cidr_block = "10.2.0.0/16"
}

resource "aws_subnet" "nodes" {
  count             = 2
  vpc_id            = aws_vpc.this.id
  cidr_block        = cidrsubnet(aws_vpc.this.cidr_block, 4, count.index)
  availability_zone = ["eu-central-1a", "eu-central-1b"][count.index]
  tags = {
    "karpenter.sh/discovery" = "payments-staging"
  }
}

resource "aws_iam_role" "control_plane" {
  name = "payments-staging-control-plane"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRole"
      Principal = { Service = "eks.amazonaws.com" }
    }]
  })
}

resource "aws_eks_cluster" "this" {
  name     = "payments-staging"
  role_arn = aws_iam_role.control_plane.arn

  vpc_config {
    subnet_ids = aws_subnet.nodes[*].id
  }
}
