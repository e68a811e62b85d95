# One module per account: staging and production each run it in their own
# AWS account, so both create a cluster "checkout" and a role
# "checkout-workers". In each account Karpenter's node class and the node
# group run as that account's role: one chain per root, never staging's
# Karpenter with production's node group.
variable "cluster" {
  type = string
}

resource "aws_iam_role" "workers" {
  name               = "${var.cluster}-workers"
  assume_role_policy = jsonencode({ Version = "2012-10-17", Statement = [{ Effect = "Allow", Action = "sts:AssumeRole", Principal = { Service = "ec2.amazonaws.com" } }] })
}

resource "aws_eks_cluster" "this" {
  name     = var.cluster
  role_arn = "arn:aws:iam::123456789012:role/eks-control-plane"

  vpc_config {
    subnet_ids = ["subnet-0e1", "subnet-0e2"]
  }
}

resource "aws_eks_node_group" "system" {
  cluster_name    = aws_eks_cluster.this.name
  node_group_name = "system"
  node_role_arn   = aws_iam_role.workers.arn
  subnet_ids      = ["subnet-0e1", "subnet-0e2"]

  scaling_config {
    min_size     = 2
    max_size     = 3
    desired_size = 2
  }
}

resource "kubectl_manifest" "node_class" {
  yaml_body = yamlencode({
    apiVersion = "karpenter.k8s.aws/v1"
    kind       = "EC2NodeClass"
    metadata   = { name = "default" }
    spec = {
      role                       = aws_iam_role.workers.name # want FL101 `IAM role "checkout-workers" \(module.eks.aws_iam_role.workers\) is used by Karpenter EC2NodeClass default and also by managed node group module.eks.aws_eks_node_group.system \(in root stacks/production\)$` FL101 `IAM role "checkout-workers" \(module.eks.aws_iam_role.workers\) is used by Karpenter EC2NodeClass default and also by managed node group module.eks.aws_eks_node_group.system \(in root stacks/staging\)$`
      amiSelectorTerms           = [{ alias = "al2023@latest" }]
      subnetSelectorTerms        = [{ id = "subnet-0e1" }]
      securityGroupSelectorTerms = [{ id = "sg-0e1" }]
    }
  })
}
