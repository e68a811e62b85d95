resource "aws_eks_cluster" "shop" {
  name     = "shop"
  role_arn = "arn:aws:iam::111122223333:role/shop-cluster"

  vpc_config {
    subnet_ids = ["subnet-0aa", "subnet-0bb"]
  }
}

resource "aws_eks_node_group" "system" {
  cluster_name    = aws_eks_cluster.shop.name
  node_group_name = "system"
  node_role_arn   = "arn:aws:iam::111122223333:role/shop-nodes"
  subnet_ids      = ["subnet-0aa", "subnet-0bb"]
  instance_types  = ["t3.medium"]
  labels = {
    pool = "system"
  }

  scaling_config {
    min_size     = 2
    max_size     = 3
    desired_size = 2
  }
}
