# The subnets' Name tag takes the cost centre the pipeline passes; the
# discovery tag the node class asks for is written out. No security group
# carries it.
variable "cost_centre" {
  type = string
}

resource "aws_vpc" "shared" {
  cidr_block = "10.30.0.0/16"
}

resource "aws_subnet" "workers" {
  for_each          = { a = "10.30.0.0/20", b = "10.30.16.0/20" }
  vpc_id            = aws_vpc.shared.id
  cidr_block        = each.value
  availability_zone = "ap-southeast-2${each.key}"
  tags = {
    Name                     = "workers-${var.cost_centre}-${each.key}"
    "karpenter.sh/discovery" = "render"
  }
}

resource "aws_security_group" "workers" {
  name   = "render-workers"
  vpc_id = aws_vpc.shared.id
  tags = {
    Name = "render-workers"
  }
}

resource "aws_iam_role" "control_plane" {
  name = "render-control-plane"
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
  name = "render-karpenter-nodes"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRole"
      Principal = { Service = "ec2.amazonaws.com" }
    }]
  })
}

resource "aws_eks_cluster" "render" {
  name     = "render"
  role_arn = aws_iam_role.control_plane.arn

  vpc_config {
    subnet_ids         = [for s in aws_subnet.workers : s.id]
    security_group_ids = [aws_security_group.workers.id]
  }
}
