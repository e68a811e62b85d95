terraform {
  backend "s3" {
    bucket = "lima-state"
    key    = "platform/terraform.tfstate"
    region = "sa-east-1"
  }
}

variable "stage" {
  type = string
}

resource "aws_vpc" "platform" {
  cidr_block = "10.60.0.0/16"
}

# The subnets carry the cluster's ownership tag, whose key holds the stage,
# but no discovery tag at all.
resource "aws_subnet" "workers" {
  vpc_id            = aws_vpc.platform.id
  cidr_block        = "10.60.8.0/21"
  availability_zone = "sa-east-1a"
  tags = {
    "kubernetes.io/cluster/${var.stage}-platform" = "owned"
  }
}

resource "aws_eks_cluster" "platform" {
  name     = "${var.stage}-platform"
  role_arn = "arn:aws:iam::123456789012:role/platform-cluster"

  vpc_config {
    subnet_ids = [aws_subnet.workers.id]
  }
}

# Both tags of the one term must match: whatever the stage is, no subnet
# carries karpenter.sh/discovery.
resource "kubernetes_manifest" "node_class" {
  manifest = {
    apiVersion = "karpenter.k8s.aws/v1"
    kind       = "EC2NodeClass"
    metadata   = { name = "default" }
    spec = {
      role             = "platform-karpenter-nodes"
      amiSelectorTerms = [{ alias = "al2023@latest" }]
      subnetSelectorTerms = [{
        tags = { # want FL405:error `the subnetSelectorTerms of Karpenter EC2NodeClass default match no subnet of the 1 the tree declares`
          "kubernetes.io/cluster/${aws_eks_cluster.platform.name}" = "owned"
          "karpenter.sh/discovery"                                 = aws_eks_cluster.platform.name
        }
      }]
      securityGroupSelectorTerms = [{
        tags = { "aws:eks:cluster-name" = aws_eks_cluster.platform.name }
      }]
    }
  }
}
