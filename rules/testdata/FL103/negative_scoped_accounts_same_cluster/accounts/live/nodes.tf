resource "aws_security_group" "workers" {
  name   = "shared-vpc-workers"
  vpc_id = "vpc-0e1d2c3b4a5968778"

  tags = {
    "network/tier" = "workers"
  }
}

resource "aws_launch_template" "orders" {
  name                   = "orders-workers"
  vpc_security_group_ids = [aws_security_group.workers.id]
}

resource "aws_eks_node_group" "orders" {
  cluster_name    = "orders"
  node_group_name = "workers"
  node_role_arn   = "arn:aws:iam::565656565656:role/orders-nodes"
  subnet_ids      = ["subnet-0123abcd4567ef890"]

  launch_template {
    id      = aws_launch_template.orders.id
    version = aws_launch_template.orders.latest_version
  }

  scaling_config {
    desired_size = 2
    max_size     = 4
    min_size     = 2
  }
}
