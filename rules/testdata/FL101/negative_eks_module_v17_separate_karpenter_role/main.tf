# The same v17 cluster, with Karpenter's nodes on a role of their own: the
# module's worker role stays with the managed node group, and the new role
# is mapped in aws-auth next to it.
module "eks" {
  source  = "terraform-aws-modules/eks/aws"
  version = "~> 17.24"

  cluster_name    = "orders"
  cluster_version = "1.21"
  vpc_id          = "vpc-04c1d2e3f4a5b6c7d"
  subnets         = ["subnet-0c1d2e3f4a5b6c7d8", "subnet-09a8b7c6d5e4f3a2b"]

  node_groups = {
    core = {
      desired_capacity = 2
      max_capacity     = 4
      min_capacity     = 2
      instance_types   = ["m5.large"]
    }
  }

  map_roles = [
    {
      rolearn  = aws_iam_role.karpenter_nodes.arn
      username = "system:node:{{EC2PrivateDNSName}}"
      groups   = ["system:bootstrappers", "system:nodes"]
    },
  ]
}

resource "aws_iam_role" "karpenter_nodes" {
  name = "orders-karpenter-nodes"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRole"
      Principal = { Service = "ec2.amazonaws.com" }
    }]
  })
}

resource "aws_iam_instance_profile" "karpenter" {
  name = "orders-karpenter-nodes"
  role = aws_iam_role.karpenter_nodes.name
}

resource "helm_release" "karpenter" {
  name             = "karpenter"
  namespace        = "karpenter"
  create_namespace = true
  repository       = "https://charts.karpenter.sh"
  chart            = "karpenter"
  version          = "v0.16.3"

  set {
    name  = "clusterName"
    value = module.eks.cluster_id
  }
  set {
    name  = "clusterEndpoint"
    value = module.eks.cluster_endpoint
  }
  set {
    name  = "aws.defaultInstanceProfile"
    value = aws_iam_instance_profile.karpenter.name
  }
}
