terraform {
  backend "s3" {
    bucket = "acme-tfstate"
    key    = "search/terraform.tfstate"
    region = "ca-central-1"
  }
}

# The node security group is made by the platform team's stack and handed
# in by ID; this root adds the discovery tag to it.
variable "node_security_group_id" {
  type = string
}

resource "aws_subnet" "nodes_a" {
  vpc_id            = "vpc-0search"
  cidr_block        = "10.50.0.0/20"
  availability_zone = "ca-central-1a"
  tags              = { "karpenter.sh/discovery" = "search" }
}

resource "aws_subnet" "nodes_b" {
  vpc_id            = "vpc-0search"
  cidr_block        = "10.50.16.0/20"
  availability_zone = "ca-central-1b"
  tags              = { "karpenter.sh/discovery" = "search" }
}

resource "aws_eks_cluster" "search" {
  name     = "search"
  role_arn = "arn:aws:iam::123456789012:role/search-cluster"

  vpc_config {
    subnet_ids = [aws_subnet.nodes_a.id, aws_subnet.nodes_b.id]
  }
}

resource "aws_ec2_tag" "node_sg_discovery" {
  resource_id = var.node_security_group_id
  key         = "karpenter.sh/discovery"
  value       = aws_eks_cluster.search.name
}
