resource "aws_eks_cluster" "shop" {
  name     = "shop"
  role_arn = "arn:aws:iam::565656565656:role/shop-cluster"

  vpc_config {
    subnet_ids = ["subnet-0b1", "subnet-0b2"]
  }
}

resource "aws_eks_node_group" "general" {
  cluster_name    = aws_eks_cluster.shop.name
  node_group_name = "general"
  node_role_arn   = "arn:aws:iam::565656565656:role/shop-nodes"
  subnet_ids      = ["subnet-0b1", "subnet-0b2"]
  instance_types  = ["m6i.large"]

  labels = {
    tier = "general"
  }

  scaling_config {
    min_size     = 2
    max_size     = 5
    desired_size = 2
  }
}
