resource "aws_eks_cluster" "billing" {
  name     = "billing"
  role_arn = "arn:aws:iam::111122223333:role/billing-cluster"
  vpc_config {
    subnet_ids = ["subnet-0f1e2d3c4b5a69788"]
  }
}

resource "aws_security_group" "nodes" {
  name   = "billing-nodes"
  vpc_id = "vpc-0b1a2c3d4e5f60718"
  tags   = { team = "platform" }
}

resource "aws_launch_template" "nodes" {
  name                   = "billing-nodes"
  vpc_security_group_ids = [aws_security_group.nodes.id]
}

resource "aws_eks_node_group" "nodes" {
  cluster_name    = aws_eks_cluster.billing.name
  node_group_name = "general"
  node_role_arn   = "arn:aws:iam::111122223333:role/billing-nodes"
  subnet_ids      = ["subnet-0f1e2d3c4b5a69788"]

  launch_template {
    id      = aws_launch_template.nodes.id
    version = "$Latest"
  }

  scaling_config {
    desired_size = 2
    min_size     = 1
    max_size     = 4
  }
}
