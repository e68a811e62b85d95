terraform {
  backend "s3" {
    bucket = "lyon-state"
    key    = "blue/terraform.tfstate"
    region = "eu-west-3"
  }
}

# The blue copy of the cluster, kept during a migration under the same name.
resource "aws_eks_cluster" "shop" {
  name     = "shop"
  role_arn = "arn:aws:iam::123456789012:role/shop-cluster"
  vpc_config {
    subnet_ids = ["subnet-0d1", "subnet-0d2"]
  }
}

# Named from a prefix: Terraform adds a suffix of its own, so no role of
# another root can be this one.
resource "aws_iam_role" "nodes" {
  name_prefix = "shop-nodes-"
  assume_role_policy = jsonencode({
    Version   = "2012-10-17"
    Statement = [{ Effect = "Allow", Principal = { Service = "ec2.amazonaws.com" }, Action = "sts:AssumeRole" }]
  })
}

resource "aws_eks_node_group" "system" {
  cluster_name    = aws_eks_cluster.shop.name
  node_group_name = "system"
  node_role_arn   = aws_iam_role.nodes.arn
  subnet_ids      = ["subnet-0d1", "subnet-0d2"]
  scaling_config {
    desired_size = 2
    max_size     = 3
    min_size     = 2
  }
}
