# No release of the tree installs the chart, not even one switched off:
# it is judged as it is, and with Karpenter off nothing carries the tag.
variable "karpenter" {
  type    = bool
  default = false
}

resource "aws_vpc" "gull" {
  cidr_block = "10.40.0.0/16"
}

resource "aws_subnet" "nodes" {
  vpc_id            = aws_vpc.gull.id
  cidr_block        = "10.40.1.0/24"
  availability_zone = "eu-west-3a"
  tags              = var.karpenter ? { "karpenter.sh/discovery" = "gull" } : {}
}

resource "aws_security_group" "nodes" {
  name   = "gull-nodes"
  vpc_id = aws_vpc.gull.id
  tags   = var.karpenter ? { "karpenter.sh/discovery" = "gull" } : {}
}

resource "aws_eks_cluster" "gull" {
  name     = "gull"
  role_arn = "arn:aws:iam::567890123456:role/gull-control-plane"
  vpc_config {
    subnet_ids = [aws_subnet.nodes.id]
  }
}
