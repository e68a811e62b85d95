# The cluster name is given per plan (no default). Every subnet and group
# also carries the cluster's ownership tag, whose key holds that name.
variable "cluster" {
  type = string
}

locals {
  owned = { "kubernetes.io/cluster/${var.cluster}" = "shared" }
}

resource "aws_vpc" "this" {
  cidr_block = "10.60.0.0/16"
}

resource "aws_subnet" "workers" {
  vpc_id            = aws_vpc.this.id
  cidr_block        = "10.60.0.0/19"
  availability_zone = "ap-southeast-2a"
  tags              = merge(local.owned, { "karpenter.sh/discovery" = var.cluster })
}

resource "aws_security_group" "workers" {
  name   = "${var.cluster}-workers"
  vpc_id = aws_vpc.this.id
  tags   = merge(local.owned, { "karpenter.sh/discovery" = var.cluster })
}

resource "aws_iam_role" "control_plane" {
  name = "${var.cluster}-control-plane"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRole"
      Principal = { Service = "eks.amazonaws.com" }
    }]
  })
}

resource "aws_eks_cluster" "this" {
  name     = var.cluster
  role_arn = aws_iam_role.control_plane.arn
  vpc_config {
    subnet_ids = [aws_subnet.workers.id]
  }
}

# The node class selects by the same name the tags are built from.
resource "kubectl_manifest" "node_class" {
  yaml_body = yamlencode({
    apiVersion = "karpenter.k8s.aws/v1"
    kind       = "EC2NodeClass"
    metadata   = { name = "workers" }
    spec = {
      role                       = "${var.cluster}-karpenter-node"
      amiSelectorTerms           = [{ alias = "al2023@latest" }]
      subnetSelectorTerms        = [{ tags = { "karpenter.sh/discovery" = var.cluster } }]
      securityGroupSelectorTerms = [{ tags = { "karpenter.sh/discovery" = var.cluster } }]
    }
  })
}
