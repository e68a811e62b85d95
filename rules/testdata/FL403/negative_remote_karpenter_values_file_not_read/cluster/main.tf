resource "aws_eks_cluster" "ledger" {
  name     = "ledger"
  role_arn = "arn:aws:iam::345678901234:role/ledger-cluster"

  vpc_config {
    subnet_ids = ["subnet-0a7", "subnet-0a8"]
  }
}

# The only node group, tainted for cluster services.
resource "aws_eks_node_group" "platform" {
  cluster_name    = aws_eks_cluster.ledger.name
  node_group_name = "platform"
  node_role_arn   = "arn:aws:iam::345678901234:role/ledger-nodes"
  subnet_ids      = ["subnet-0a7", "subnet-0a8"]
  instance_types  = ["m7i.large"]

  labels = {
    pool = "platform"
  }

  taint {
    key    = "pool"
    value  = "platform"
    effect = "NO_SCHEDULE"
  }

  scaling_config {
    min_size     = 2
    max_size     = 4
    desired_size = 2
  }
}
