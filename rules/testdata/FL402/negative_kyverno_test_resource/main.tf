resource "aws_eks_cluster" "guard" {
  name     = "guard"
  role_arn = "arn:aws:iam::929292929292:role/guard-cluster"
  vpc_config {
    subnet_ids = ["subnet-0a2a2a2a2a2a2a2a1", "subnet-0a2a2a2a2a2a2a2a2"]
  }
}

resource "aws_eks_node_group" "system" {
  cluster_name    = aws_eks_cluster.guard.name
  node_group_name = "system"
  node_role_arn   = "arn:aws:iam::929292929292:role/guard-nodes"
  subnet_ids      = ["subnet-0a2a2a2a2a2a2a2a1", "subnet-0a2a2a2a2a2a2a2a2"]
  instance_types  = ["m6i.large"]
  labels          = { tier = "system" }
  scaling_config {
    desired_size = 2
    max_size     = 3
    min_size     = 2
  }
}
