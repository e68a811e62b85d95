# Karpenter is off in this configuration: the release installing the
# node class, and the discovery tags, come with it. The chart is not one
# nothing installs, to be judged with its empty defaults.
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

resource "helm_release" "capacity" {
  count = var.karpenter ? 1 : 0
  name  = "capacity"
  chart = "${path.module}/charts/capacity"
  set {
    name  = "clusterName"
    value = aws_eks_cluster.gull.name
  }
}
