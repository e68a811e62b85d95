# The orders cluster is still on the v17 eks module. When Karpenter was
# added, its nodes were given an instance profile around the workers' role
# "to keep the aws-auth mapping as it is" — the role the module's managed
# node group runs as.
module "eks" {
  source  = "terraform-aws-modules/eks/aws"
  version = "17.24.0"

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
}

resource "aws_iam_instance_profile" "karpenter" {
  name = "orders-karpenter-nodes"
  role = module.eks.worker_iam_role_name
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
    value = aws_iam_instance_profile.karpenter.name # want FL101 `IAM role module.eks.aws_iam_role.workers\[0\] is used by Karpenter chart settings \(helm_release.karpenter\) and also by managed node group module.eks.module.node_groups.aws_eks_node_group.workers\["core"\]`
  }
}
