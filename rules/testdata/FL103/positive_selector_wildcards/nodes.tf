provider "aws" {
  region = "ap-southeast-2"
}

# The managed group's nodes get this group through their launch template.
resource "aws_security_group" "workers" {
  name   = "orders-workers-sg"
  vpc_id = "vpc-0a1b2c3d"
  tags   = { Name = "orders-workers-sg" }
}

resource "aws_launch_template" "workers" {
  name                   = "orders-workers"
  vpc_security_group_ids = [aws_security_group.workers.id]
}

resource "aws_eks_node_group" "workers" {
  cluster_name    = "orders"
  node_group_name = "workers"
  node_role_arn   = "arn:aws:iam::111122223333:role/orders-workers"
  subnet_ids      = ["subnet-0a1b2c3d4e5f60718"]

  launch_template {
    id      = aws_launch_template.workers.id
    version = aws_launch_template.workers.latest_version
  }

  scaling_config {
    desired_size = 2
    max_size     = 4
    min_size     = 2
  }
}
