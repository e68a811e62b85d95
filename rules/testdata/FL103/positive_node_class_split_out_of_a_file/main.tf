resource "aws_eks_cluster" "tools" {
  name     = "tools"
  role_arn = "arn:aws:iam::777788889999:role/tools-cluster"

  vpc_config {
    subnet_ids = ["subnet-0ccc3333", "subnet-0ddd4444"]
  }
}

# No launch template: EKS gives the group's nodes the cluster security group.
resource "aws_eks_node_group" "base" {
  cluster_name    = aws_eks_cluster.tools.name
  node_group_name = "base"
  node_role_arn   = "arn:aws:iam::777788889999:role/tools-nodes"
  subnet_ids      = ["subnet-0ccc3333", "subnet-0ddd4444"]

  scaling_config {
    desired_size = 1
    max_size     = 2
    min_size     = 1
  }
}

# The Karpenter objects are kept in one file and applied one by one.
locals {
  karpenter_docs = compact(split("---", file("${path.module}/karpenter/resources.yaml")))
}

resource "kubernetes_manifest" "node_class" {
  manifest = yamldecode(local.karpenter_docs[1])
}
