# Karpenter's node role is created next to the call and handed to the
# submodule; no node group uses it.
module "eks" {
  source  = "terraform-aws-modules/eks/aws"
  version = "20.8.4"

  cluster_name    = "billing"
  cluster_version = "1.29"
  vpc_id          = "vpc-0b1c2d3e4f5a6b7c8"
  subnet_ids      = ["subnet-0a1b2c3d4e5f6a7b8", "subnet-0f9e8d7c6b5a4f3e2"]

  eks_managed_node_groups = {
    system = {
      instance_types = ["m6i.large"]
      min_size       = 2
      max_size       = 3
      desired_size   = 2
    }
  }
}

data "aws_iam_policy_document" "ec2_assume" {
  statement {
    actions = ["sts:AssumeRole"]
    principals {
      type        = "Service"
      identifiers = ["ec2.amazonaws.com"]
    }
  }
}

resource "aws_iam_role" "karpenter_node" {
  name               = "billing-karpenter-node"
  assume_role_policy = data.aws_iam_policy_document.ec2_assume.json
}

module "karpenter" {
  source  = "terraform-aws-modules/eks/aws//modules/karpenter"
  version = "20.8.4"

  cluster_name = module.eks.cluster_name

  create_node_iam_role = false
  node_iam_role_arn    = aws_iam_role.karpenter_node.arn
}
