provider "aws" {
  region = "eu-west-1"
}

module "vpc" {
  source  = "terraform-aws-modules/vpc/aws"
  version = "~> 5.8"

  name            = "prod"
  cidr            = "10.0.0.0/16"
  azs             = ["eu-west-1a", "eu-west-1b", "eu-west-1c"]
  private_subnets = ["10.0.0.0/19", "10.0.32.0/19", "10.0.64.0/19"]
  public_subnets  = ["10.0.96.0/22", "10.0.100.0/22", "10.0.104.0/22"]

  private_subnet_tags = {
    "karpenter.sh/discovery" = "prod-cluster"
  }
}

resource "aws_iam_role" "cluster" {
  name = "prod-cluster"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRole"
      Principal = { Service = "eks.amazonaws.com" }
    }]
  })
}

resource "aws_eks_cluster" "prod" {
  name     = "prod-cluster"
  role_arn = aws_iam_role.cluster.arn

  vpc_config {
    subnet_ids = module.vpc.private_subnets
  }
}

# The node class is written by Terraform and selects a subnet by an ID
# given at apply: whether it is one of the VPC's is not known here.
variable "karpenter_subnet_id" {
  type = string
}

resource "kubectl_manifest" "node_class" {
  yaml_body = yamlencode({
    apiVersion = "karpenter.k8s.aws/v1"
    kind       = "EC2NodeClass"
    metadata   = { name = "default" }
    spec = {
      amiSelectorTerms = [{ alias = "al2023@latest" }]
      role             = "KarpenterNodeRole-prod"
      subnetSelectorTerms = [
        { id = var.karpenter_subnet_id }
      ]
      securityGroupSelectorTerms = [
        { id = aws_eks_cluster.prod.vpc_config[0].cluster_security_group_id }
      ]
    }
  })
}
