# Two regions, each its own root with a cluster "payments" and a node
# security group Karpenter's discovery tag marks.
terraform {
  backend "s3" {}
}

resource "aws_eks_cluster" "payments" {
  name     = "payments"
  role_arn = "arn:aws:iam::123456789012:role/payments-control-plane"

  vpc_config {
    subnet_ids = ["subnet-0c1", "subnet-0c2"]
  }
}

resource "aws_security_group" "nodes" {
  name   = "payments-nodes"
  vpc_id = "vpc-0c1"

  tags = {
    "karpenter.sh/discovery" = "payments"
  }
}

resource "aws_launch_template" "nodes" {
  name_prefix            = "payments-nodes-"
  vpc_security_group_ids = [aws_security_group.nodes.id]
}

resource "aws_eks_node_group" "base" {
  cluster_name    = aws_eks_cluster.payments.name
  node_group_name = "base"
  node_role_arn   = "arn:aws:iam::123456789012:role/payments-base-nodes"
  subnet_ids      = ["subnet-0c1", "subnet-0c2"]

  launch_template {
    id      = aws_launch_template.nodes.id
    version = "$Latest"
  }

  scaling_config {
    min_size     = 2
    max_size     = 4
    desired_size = 2
  }
}
