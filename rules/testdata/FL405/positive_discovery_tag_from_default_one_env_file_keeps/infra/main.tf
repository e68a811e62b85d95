# The stage is chosen per plan: the sandbox stage keeps the default, whose
# subnet and group the live node class below does not select.
variable "stage" {
  type    = string
  default = "sandbox"
}

locals {
  cluster = "shop-${var.stage}"
}

resource "aws_vpc" "main" {
  cidr_block = "10.20.0.0/16"
}

resource "aws_subnet" "nodes" {
  vpc_id            = aws_vpc.main.id
  cidr_block        = "10.20.0.0/20"
  availability_zone = "eu-central-1a"
  tags = {
    "karpenter.sh/discovery" = local.cluster
  }
}

resource "aws_security_group" "nodes" {
  name   = "${local.cluster}-nodes"
  vpc_id = aws_vpc.main.id
  tags = {
    "karpenter.sh/discovery" = local.cluster
  }
}

resource "aws_iam_role" "control_plane" {
  name = "${local.cluster}-control-plane"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRole"
      Principal = { Service = "eks.amazonaws.com" }
    }]
  })
}

resource "aws_eks_cluster" "shop" {
  name     = local.cluster
  role_arn = aws_iam_role.control_plane.arn
  vpc_config {
    subnet_ids = [aws_subnet.nodes.id]
  }
}
