terraform {
  backend "s3" {
    bucket = "lima-state"
    key    = "search/terraform.tfstate"
    region = "sa-east-1"
  }
}

variable "stage" {
  type = string
}

# Handed in by the network stack's pipeline.
variable "worker_subnet_id" {
  type = string
}

resource "aws_subnet" "workers" {
  vpc_id            = "vpc-0search"
  cidr_block        = "10.61.8.0/21"
  availability_zone = "sa-east-1a"
  tags = {
    "kubernetes.io/cluster/${var.stage}-search" = "owned"
  }
}

resource "aws_eks_cluster" "search" {
  name     = "${var.stage}-search"
  role_arn = "arn:aws:iam::123456789012:role/search-cluster"

  vpc_config {
    subnet_ids = [aws_subnet.workers.id]
  }
}

# Which subnet this tags is known only from the pipeline: the workers'
# subnet may carry the discovery tag, so the term may match it, and the
# networking is not known well enough to judge either selector.
resource "aws_ec2_tag" "discovery" {
  resource_id = var.worker_subnet_id
  key         = "karpenter.sh/discovery"
  value       = aws_eks_cluster.search.name
}

resource "kubernetes_manifest" "node_class" {
  manifest = {
    apiVersion = "karpenter.k8s.aws/v1"
    kind       = "EC2NodeClass"
    metadata   = { name = "default" }
    spec = {
      role             = "search-karpenter-nodes"
      amiSelectorTerms = [{ alias = "al2023@latest" }]
      subnetSelectorTerms = [{
        tags = {
          "kubernetes.io/cluster/${aws_eks_cluster.search.name}" = "owned"
          "karpenter.sh/discovery"                               = aws_eks_cluster.search.name
        }
      }]
      securityGroupSelectorTerms = [{
        tags = { "team" = "search" }
      }]
    }
  }
}
