# Staging and production each make a cluster named "orders", so they live
# in different accounts (EKS names a cluster once in an account's region).
# Staging tags its cluster security group for discovery too (its node
# classes are applied from elsewhere).
resource "aws_eks_cluster" "orders" {
  name     = "orders"
  role_arn = "arn:aws:iam::111122223333:role/orders-cluster"

  vpc_config {
    subnet_ids = ["subnet-0a1b2c3d4e5f60718", "subnet-0f1e2d3c4b5a69788"]
  }
}

resource "aws_security_group" "nodes" {
  name   = "orders-nodes"
  vpc_id = "vpc-0a1b2c3d"
  tags   = { "karpenter.sh/discovery" = "orders" }
}

resource "aws_ec2_tag" "cluster_group" {
  resource_id = aws_eks_cluster.orders.vpc_config[0].cluster_security_group_id
  key         = "karpenter.sh/discovery"
  value       = "orders"
}
