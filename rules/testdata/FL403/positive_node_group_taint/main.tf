resource "aws_eks_cluster" "batch" {
  name     = "batch"
  role_arn = "arn:aws:iam::111122223333:role/batch-cluster"

  vpc_config {
    subnet_ids = ["subnet-0aa", "subnet-0bb"]
  }
}

resource "aws_eks_node_group" "system" {
  cluster_name    = aws_eks_cluster.batch.name
  node_group_name = "system"
  node_role_arn   = "arn:aws:iam::111122223333:role/batch-nodes"
  subnet_ids      = ["subnet-0aa", "subnet-0bb"]
  instance_types  = ["m6i.large"]

  taint {
    key    = "CriticalAddonsOnly"
    value  = "true"
    effect = "NO_SCHEDULE"
  }

  scaling_config {
    min_size     = 2
    max_size     = 3
    desired_size = 2
  }
}
