resource "aws_security_group" "nodes" {
  name = "shop-nodes"
  tags = { "kubernetes.io/cluster/shop" = "owned" }
}

resource "aws_security_group" "karpenter" {
  name = "shop-karpenter-nodes"
  tags = { "karpenter.sh/discovery" = "shop" }
}

resource "aws_launch_template" "nodes" {
  name                   = "shop-nodes"
  vpc_security_group_ids = [aws_security_group.nodes.id]
}

resource "aws_eks_node_group" "default" {
  cluster_name    = "shop"
  node_group_name = "default"
  node_role_arn   = "arn:aws:iam::111122223333:role/shop-nodes"
  subnet_ids      = ["subnet-1"]

  launch_template {
    name    = aws_launch_template.nodes.name
    version = "$Latest"
  }

  remote_access {
    ec2_ssh_key               = "ops"
    source_security_group_ids = [aws_security_group.karpenter.id]
  }

  scaling_config {
    desired_size = 1
    max_size     = 1
    min_size     = 1
  }
}
