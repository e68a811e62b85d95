variable "extra_subnet_ids" {
  type        = list(string)
  description = "Subnets the network team makes in the other zones."
}

resource "aws_vpc" "analytics" {
  cidr_block = "10.40.0.0/16"
}

resource "aws_subnet" "nodes_a" {
  vpc_id            = aws_vpc.analytics.id
  cidr_block        = "10.40.1.0/24"
  availability_zone = "ap-northeast-1a"
  tags = {
    Name = "analytics-nodes-a"
  }
}

resource "aws_eks_cluster" "analytics" {
  name     = "analytics"
  role_arn = "arn:aws:iam::676767676767:role/analytics-cluster"
  vpc_config {
    subnet_ids = concat([aws_subnet.nodes_a.id], var.extra_subnet_ids)
  }
}
