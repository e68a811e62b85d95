resource "aws_eks_cluster" "edge" {
  name     = "edge"
  role_arn = "arn:aws:iam::313131313131:role/edge-cluster"
  vpc_config {
    subnet_ids = ["subnet-0e1d2c3b4a5968701", "subnet-0e1d2c3b4a5968702"]
  }
}

resource "aws_eks_node_group" "edge" {
  cluster_name    = aws_eks_cluster.edge.name
  node_group_name = "edge"
  node_role_arn   = "arn:aws:iam::313131313131:role/edge-nodes"
  subnet_ids      = ["subnet-0e1d2c3b4a5968701"]
  instance_types  = ["t3.small"]
  scaling_config {
    desired_size = 2
    min_size     = 2
    max_size     = 4
  }
}

resource "helm_release" "gateway" {
  name      = "gateway"
  namespace = "edge"
  chart     = "${path.module}/../charts/gateway"
}
