resource "aws_iam_role" "nodes" {
  name = "pier-nodes"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Principal = { Service = "ec2.amazonaws.com" }
      Action    = "sts:AssumeRole"
    }]
  })
}

resource "aws_eks_cluster" "pier" {
  name     = "pier"
  role_arn = "arn:aws:iam::141421356237:role/pier-cluster"
  vpc_config {
    subnet_ids = ["subnet-0f1e2d3c4b5a69788", "subnet-0e2d3c4b5a6978801"]
  }
}

# The node group names its role by reference: a replacement of the role
# gives the group the new one.
resource "aws_eks_node_group" "general" {
  cluster_name    = aws_eks_cluster.pier.name
  node_group_name = "general"
  node_role_arn   = aws_iam_role.nodes.arn
  subnet_ids      = ["subnet-0f1e2d3c4b5a69788", "subnet-0e2d3c4b5a6978801"]
  instance_types  = ["m7i.large"]
  scaling_config {
    desired_size = 2
    min_size     = 2
    max_size     = 4
  }
}
