# The subnets take extra tags per zone from a map that is empty unless a
# caller fills it: whatever zone the data source reads, the lookup gives
# {}, so the subnets carry the discovery tag "harbour" and nothing else.
# The node class asks for "harbor".
data "aws_availability_zones" "available" {
  state = "available"
}

variable "private_subnet_tags_per_zone" {
  description = "Further tags of the private subnets, by zone."
  type        = map(map(string))
  default     = {}
}

resource "aws_vpc" "this" {
  cidr_block = "10.52.0.0/16"
}

resource "aws_subnet" "private" {
  count             = length(data.aws_availability_zones.available.names)
  vpc_id            = aws_vpc.this.id
  cidr_block        = cidrsubnet(aws_vpc.this.cidr_block, 4, count.index)
  availability_zone = data.aws_availability_zones.available.names[count.index]
  tags = merge(
    { "karpenter.sh/discovery" = "harbour" },
    lookup(var.private_subnet_tags_per_zone, element(data.aws_availability_zones.available.names, count.index), {})
  )
}

resource "aws_iam_role" "control_plane" {
  name = "harbour-control-plane"
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
  name = "harbour-karpenter-nodes"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRole"
      Principal = { Service = "ec2.amazonaws.com" }
    }]
  })
}

resource "aws_eks_cluster" "harbour" {
  name     = "harbour"
  role_arn = aws_iam_role.control_plane.arn

  vpc_config {
    subnet_ids = aws_subnet.private[*].id
  }
}
