# The product cluster: its general nodes take any pod.
resource "aws_eks_cluster" "this" {
  name     = "prod"
  role_arn = "arn:aws:iam::210987654321:role/prod-cluster"

  vpc_config {
    subnet_ids = ["subnet-01a", "subnet-01b"]
  }
}

resource "aws_eks_node_group" "general" {
  cluster_name    = aws_eks_cluster.this.name
  node_group_name = "general"
  node_role_arn   = "arn:aws:iam::210987654321:role/prod-nodes"
  subnet_ids      = ["subnet-01a", "subnet-01b"]
  instance_types  = ["m7i.xlarge"]

  scaling_config {
    desired_size = 3
    max_size     = 6
    min_size     = 3
  }
}
