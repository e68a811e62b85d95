terraform {
  backend "s3" {
    bucket = "acme-terraform-state"
    key    = "network.tfstate"
    region = "us-east-2"
  }
}

resource "aws_vpc" "main" {
  cidr_block = "10.40.0.0/16"
}

# The network layer makes the group the cluster layer's nodes select.
resource "aws_security_group" "karpenter_nodes" {
  name   = "karpenter-nodes"
  vpc_id = aws_vpc.main.id
  tags   = { "karpenter.sh/discovery" = "acme" }
}
