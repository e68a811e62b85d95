locals {
  common_tags = {
    team = "platform"
  }
}

resource "aws_security_group" "nodes" {
  name   = "shop-nodes"
  vpc_id = "vpc-0a1b2c3d"
  tags   = merge(local.common_tags, { Name = "shop-nodes" })
}

resource "aws_launch_template" "nodes" {
  name                   = "shop-nodes"
  vpc_security_group_ids = [aws_security_group.nodes.id, "sg-0123456789abcdef0"]
}

resource "aws_eks_node_group" "default" {
  cluster_name    = "shop"
  node_group_name = "default"
  node_role_arn   = "arn:aws:iam::111122223333:role/shop-nodes"
  subnet_ids      = ["subnet-1"]

  launch_template {
    id      = aws_launch_template.nodes.id
    version = aws_launch_template.nodes.latest_version
  }

  remote_access {
    ec2_ssh_key               = "ops"
    source_security_group_ids = ["sg-0bastion000000000"]
  }

  scaling_config {
    desired_size = 1
    max_size     = 1
    min_size     = 1
  }
}
