resource "aws_eks_cluster" "ingest" {
  name     = "ingest"
  role_arn = "arn:aws:iam::444455556666:role/ingest-cluster"

  vpc_config {
    subnet_ids = ["subnet-0e1f2a3b4c5d6e7f8", "subnet-0f1e2d3c4b5a69780"]
  }
}

# No launch template: EKS puts the cluster security group on these nodes.
resource "aws_eks_node_group" "base" {
  cluster_name    = aws_eks_cluster.ingest.name
  node_group_name = "base"
  node_role_arn   = "arn:aws:iam::444455556666:role/ingest-base-nodes"
  subnet_ids      = ["subnet-0e1f2a3b4c5d6e7f8"]
  instance_types  = ["c7i.large"]

  scaling_config {
    desired_size = 2
    max_size     = 2
    min_size     = 2
  }
}

resource "helm_release" "karpenter_nodes" {
  name      = "karpenter-nodes"
  namespace = "karpenter"
  chart     = "${path.module}/charts/karpenter-nodes"

  set {
    name  = "cluster"
    value = aws_eks_cluster.ingest.name
  }
}
