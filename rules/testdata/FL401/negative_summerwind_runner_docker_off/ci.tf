resource "aws_eks_cluster" "ci" {
  name     = "ci"
  role_arn = "arn:aws:iam::500600700800:role/ci-cluster"

  vpc_config {
    subnet_ids = ["subnet-0r1", "subnet-0r2"]
  }
}

resource "aws_eks_node_group" "runners" {
  cluster_name    = aws_eks_cluster.ci.name
  node_group_name = "runners"
  node_role_arn   = "arn:aws:iam::500600700800:role/ci-nodes"
  subnet_ids      = ["subnet-0r1", "subnet-0r2"]
  instance_types  = ["t3.large"]

  scaling_config {
    min_size     = 1
    max_size     = 6
    desired_size = 2
  }
}
