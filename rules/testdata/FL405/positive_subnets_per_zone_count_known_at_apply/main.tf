# One private subnet per zone of the region: how many is known only at
# apply. Every one carries the cluster's discovery tag.
provider "aws" {
  region = "ap-south-1"
}

data "aws_availability_zones" "available" {
  state = "available"
}

resource "aws_subnet" "private" {
  count             = length(data.aws_availability_zones.available.names)
  vpc_id            = "vpc-0c9d8e7f6a5b4c3d2"
  availability_zone = data.aws_availability_zones.available.names[count.index]
  cidr_block        = cidrsubnet("10.60.0.0/16", 4, count.index)
  tags = {
    "karpenter.sh/discovery" = "kestrel"
  }
}

resource "aws_security_group" "nodes" {
  name   = "kestrel-nodes"
  vpc_id = "vpc-0c9d8e7f6a5b4c3d2"
  tags = {
    "karpenter.sh/discovery" = "kestrel"
  }
}

resource "aws_eks_cluster" "kestrel" {
  name     = "kestrel"
  role_arn = "arn:aws:iam::271828182845:role/kestrel-cluster"
  vpc_config {
    subnet_ids = aws_subnet.private[*].id
  }
}
