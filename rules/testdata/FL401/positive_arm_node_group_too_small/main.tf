resource "aws_eks_cluster" "edge" {
  name     = "edge"
  role_arn = "arn:aws:iam::111122223333:role/edge-cluster"

  vpc_config {
    subnet_ids = ["subnet-0aa", "subnet-0bb"]
  }
}

resource "aws_eks_node_group" "graviton" {
  cluster_name    = aws_eks_cluster.edge.name
  node_group_name = "graviton"
  node_role_arn   = "arn:aws:iam::111122223333:role/edge-nodes"
  subnet_ids      = ["subnet-0aa", "subnet-0bb"]
  ami_type        = "AL2023_ARM_64_STANDARD"
  instance_types  = ["m6g.large", "m6g.xlarge"]

  scaling_config {
    min_size     = 1
    max_size     = 4
    desired_size = 2
  }
}
