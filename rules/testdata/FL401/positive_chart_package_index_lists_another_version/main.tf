resource "aws_eks_cluster" "ledger" {
  name     = "ledger"
  role_arn = "arn:aws:iam::222233334444:role/ledger-cluster"

  vpc_config {
    subnet_ids = ["subnet-0c1", "subnet-0c2"]
  }
}

resource "aws_eks_node_group" "general" {
  cluster_name    = aws_eks_cluster.ledger.name
  node_group_name = "general"
  node_role_arn   = "arn:aws:iam::222233334444:role/ledger-nodes"
  subnet_ids      = ["subnet-0c1", "subnet-0c2"]
  instance_types  = ["m6i.large"]

  scaling_config {
    desired_size = 2
    max_size     = 4
    min_size     = 2
  }
}
