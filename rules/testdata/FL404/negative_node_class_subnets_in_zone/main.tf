resource "aws_eks_cluster" "shop" {
  name     = "shop"
  role_arn = "arn:aws:iam::111122223333:role/shop-cluster"

  vpc_config {
    subnet_ids = ["subnet-0aa", "subnet-0bb"]
  }
}

resource "helm_release" "karpenter" {
  name       = "karpenter"
  namespace  = "kube-system"
  repository = "oci://public.ecr.aws/karpenter"
  chart      = "karpenter"
  version    = "1.3.3"
}

resource "aws_subnet" "private_a" {
  vpc_id            = "vpc-0123"
  cidr_block        = "10.0.0.0/19"
  availability_zone = "eu-west-1a"

  tags = {
    "karpenter.sh/discovery" = "shop"
  }
}

resource "aws_subnet" "private_b" {
  vpc_id            = "vpc-0123"
  cidr_block        = "10.0.32.0/19"
  availability_zone = "eu-west-1b"

  tags = {
    "karpenter.sh/discovery" = "shop"
  }
}

resource "aws_subnet" "public_c" {
  vpc_id            = "vpc-0123"
  cidr_block        = "10.0.64.0/19"
  availability_zone = "eu-west-1c"

  tags = {
    "karpenter.sh/discovery" = "shop"
  }
}
