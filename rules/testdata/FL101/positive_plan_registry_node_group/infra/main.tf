terraform {
  required_providers {
    aws = {
      source  = "hashicorp/aws"
      version = "~> 5.0"
    }
  }
}

provider "aws" {
  region = "eu-west-1"
}

resource "aws_iam_role" "nodes" {
  name = "prod-nodes"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Action    = "sts:AssumeRole"
      Effect    = "Allow"
      Principal = { Service = "ec2.amazonaws.com" }
    }]
  })
}

# The system node group is a registry module whose source faultline does
# not download: only the plan shows that it runs as the role the
# EC2NodeClass names.
module "system" {
  source  = "terraform-aws-modules/eks/aws//modules/eks-managed-node-group"
  version = "20.31.6"

  name         = "system"
  cluster_name = "prod"
  subnet_ids   = ["subnet-0a1b2c3d4e5f60001"]

  create_iam_role = false
  iam_role_arn    = aws_iam_role.nodes.arn

  min_size     = 2
  max_size     = 3
  desired_size = 2
}
