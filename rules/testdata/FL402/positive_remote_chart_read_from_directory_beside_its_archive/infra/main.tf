resource "aws_eks_cluster" "ledger" {
  name     = "ledger"
  role_arn = "arn:aws:iam::210987654321:role/ledger-cluster"
  vpc_config {
    subnet_ids = ["subnet-0a1b2c3d4e5f60718", "subnet-0b2c3d4e5f6071829"]
  }
}

resource "aws_eks_node_group" "general" {
  cluster_name    = aws_eks_cluster.ledger.name
  node_group_name = "general"
  node_role_arn   = "arn:aws:iam::210987654321:role/ledger-nodes"
  subnet_ids      = ["subnet-0a1b2c3d4e5f60718"]
  labels          = { workload = "general" }

  scaling_config {
    desired_size = 2
    max_size     = 4
    min_size     = 2
  }
}
