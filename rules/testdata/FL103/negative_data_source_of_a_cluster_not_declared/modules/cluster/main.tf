variable "name" {
  type = string
}

resource "aws_iam_role" "control_plane" {
  name = "${var.name}-control-plane"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRole"
      Principal = { Service = "eks.amazonaws.com" }
    }]
  })
}

resource "aws_eks_cluster" "this" {
  name     = var.name
  role_arn = aws_iam_role.control_plane.arn

  vpc_config {
    subnet_ids = ["subnet-07a1b2c3d4e5f6a7b", "subnet-08b2c3d4e5f6a7b8c"]
  }
}

# No launch template: EKS puts these nodes in the cluster security group.
resource "aws_eks_node_group" "base" {
  cluster_name    = aws_eks_cluster.this.name
  node_group_name = "base"
  node_role_arn   = "arn:aws:iam::210987654321:role/${var.name}-base-nodes"
  subnet_ids      = ["subnet-07a1b2c3d4e5f6a7b", "subnet-08b2c3d4e5f6a7b8c"]
  instance_types  = ["m7g.large"]

  scaling_config {
    desired_size = 2
    max_size     = 4
    min_size     = 2
  }
}

output "name" {
  value = aws_eks_cluster.this.name
}
