resource "aws_vpc" "fjord" {
  cidr_block = "10.40.0.0/16"
}

resource "aws_subnet" "private_a" {
  vpc_id            = aws_vpc.fjord.id
  cidr_block        = "10.40.1.0/24"
  availability_zone = "eu-north-1a"
  tags              = { Name = "fjord-private-a", "karpenter.sh/discovery" = "fjord" }
}

resource "aws_security_group" "nodes" {
  name   = "fjord-nodes"
  vpc_id = aws_vpc.fjord.id
  tags   = { Name = "fjord-nodes", "karpenter.sh/discovery" = "fjord" }
}

resource "aws_eks_cluster" "fjord" {
  name     = "fjord"
  role_arn = "arn:aws:iam::616161616161:role/fjord-cluster"
  vpc_config {
    subnet_ids = [aws_subnet.private_a.id]
  }
}
