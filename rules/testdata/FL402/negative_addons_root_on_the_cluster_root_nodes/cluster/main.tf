# The cluster stack, named at apply time, with the system nodes.
variable "cluster_name" {
  type = string
}

resource "aws_eks_cluster" "this" {
  name     = var.cluster_name
  role_arn = "arn:aws:iam::864209753175:role/eks-control-plane"
  vpc_config {
    subnet_ids = ["subnet-07a8b9c0d1e2f3a45", "subnet-08b9c0d1e2f3a4b56"]
  }
}

resource "aws_eks_node_group" "system" {
  cluster_name    = aws_eks_cluster.this.name
  node_group_name = "system"
  node_role_arn   = "arn:aws:iam::864209753175:role/eks-system-nodes"
  subnet_ids      = ["subnet-07a8b9c0d1e2f3a45", "subnet-08b9c0d1e2f3a4b56"]
  instance_types  = ["m6i.large"]
  labels          = { pool = "system" }
  scaling_config {
    desired_size = 2
    min_size     = 2
    max_size     = 4
  }
}
