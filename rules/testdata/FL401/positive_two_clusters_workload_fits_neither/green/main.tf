resource "aws_eks_cluster" "this" {
  name     = "payments-green"
  role_arn = "arn:aws:iam::111122223333:role/payments-green-cluster"

  vpc_config {
    subnet_ids = ["subnet-0green"]
  }
}

resource "aws_eks_node_group" "general" {
  cluster_name    = aws_eks_cluster.this.name
  node_group_name = "general-green"
  node_role_arn   = "arn:aws:iam::111122223333:role/payments-green-nodes"
  subnet_ids      = ["subnet-0green"]
  instance_types  = ["t3.large"]

  scaling_config {
    min_size     = 1
    max_size     = 4
    desired_size = 2
  }
}
