locals {
  cluster = "harbor"
  zones   = { a = "10.40.0.0/20", b = "10.40.16.0/20" }
}

resource "aws_vpc" "this" {
  cidr_block = "10.40.0.0/16"
}

resource "aws_subnet" "nodes" {
  for_each          = local.zones
  vpc_id            = aws_vpc.this.id
  cidr_block        = each.value
  availability_zone = "eu-west-3${each.key}"

  tags = {
    Name                     = "${local.cluster}-nodes-${each.key}"
    "karpenter.sh/discovery" = local.cluster
  }
}

resource "aws_eks_cluster" "this" {
  name     = local.cluster
  role_arn = "arn:aws:iam::121212121212:role/harbor-control-plane"

  vpc_config {
    subnet_ids = [for s in aws_subnet.nodes : s.id]
  }
}
