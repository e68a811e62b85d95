# The subnets carry the discovery tag "search".
data "aws_availability_zones" "available" {
  state = "available"
}

resource "aws_vpc" "this" {
  cidr_block = "10.52.0.0/16"
}

resource "aws_subnet" "private" {
  count             = 3
  vpc_id            = aws_vpc.this.id
  cidr_block        = cidrsubnet(aws_vpc.this.cidr_block, 4, count.index)
  availability_zone = data.aws_availability_zones.available.names[count.index]
  tags = {
    Name                     = "search-private-${data.aws_availability_zones.available.names[count.index]}"
    "karpenter.sh/discovery" = "search"
  }
}

resource "aws_iam_role" "control_plane" {
  name = "search-control-plane"
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
  name = "search-karpenter-nodes"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRole"
      Principal = { Service = "ec2.amazonaws.com" }
    }]
  })
}

resource "aws_eks_cluster" "search" {
  name     = "search"
  role_arn = aws_iam_role.control_plane.arn

  vpc_config {
    subnet_ids = aws_subnet.private[*].id
  }
}

resource "aws_security_group" "nodes" {
  name   = "search-nodes"
  vpc_id = aws_vpc.this.id
  tags = {
    "karpenter.sh/discovery" = "search"
  }
}
