# The cluster's subnets are looked up by tag; the tree also declares the
# subnet and group the node class selects.
data "aws_subnets" "private" {
  filter {
    name   = "tag:tier"
    values = ["private"]
  }
}

resource "aws_vpc" "main" {
  cidr_block = "10.60.0.0/16"
}

resource "aws_subnet" "private_a" {
  vpc_id            = aws_vpc.main.id
  cidr_block        = "10.60.1.0/24"
  availability_zone = "ca-central-1a"
  tags = {
    tier                     = "private"
    "karpenter.sh/discovery" = "maple"
  }
}

resource "aws_security_group" "nodes" {
  name   = "maple-nodes"
  vpc_id = aws_vpc.main.id
  tags   = { "karpenter.sh/discovery" = "maple" }
}

resource "aws_eks_cluster" "maple" {
  name     = "maple"
  role_arn = "arn:aws:iam::531531531531:role/maple-cluster"
  vpc_config {
    subnet_ids = data.aws_subnets.private.ids
  }
}
