provider "aws" {
  region = "eu-west-1"
}

variable "azs" {
  type    = list(string)
  default = ["eu-west-1a", "eu-west-1b"]
}

data "aws_availability_zones" "available" {}

locals {
  # The zones given, else every zone of the region.
  azs = length(var.azs) > 0 ? var.azs : data.aws_availability_zones.available.names
}

resource "aws_subnet" "private" {
  count             = length(local.azs)
  vpc_id            = "vpc-0a1b2c3d"
  availability_zone = local.azs[count.index]
  cidr_block        = cidrsubnet("10.50.0.0/16", 4, count.index)
  tags = {
    "karpenter.sh/discovery" = "atlas"
  }
}

resource "aws_eks_cluster" "atlas" {
  name     = "atlas"
  role_arn = "arn:aws:iam::111122223333:role/atlas-cluster"

  vpc_config {
    subnet_ids = aws_subnet.private[*].id
  }
}

resource "aws_iam_role" "karpenter_nodes" {
  name = "atlas-karpenter-nodes"
  assume_role_policy = jsonencode({
    Version   = "2012-10-17"
    Statement = [{ Effect = "Allow", Action = "sts:AssumeRole", Principal = { Service = "ec2.amazonaws.com" } }]
  })
}
