resource "aws_eks_cluster" "legacy" {
  name     = "legacy"
  role_arn = "arn:aws:iam::111122223333:role/legacy-cluster"

  vpc_config {
    subnet_ids = ["subnet-0a1b2c3d4e5f60718", "subnet-0f1e2d3c4b5a69788"]
  }

  access_config {
    authentication_mode = "CONFIG_MAP"
  }
}

resource "aws_iam_role" "workers" {
  name = "legacy-workers"
  assume_role_policy = jsonencode({
    Version   = "2012-10-17"
    Statement = [{ Action = "sts:AssumeRole", Effect = "Allow", Principal = { Service = "ec2.amazonaws.com" } }]
  })
}

resource "aws_eks_node_group" "workers" {
  cluster_name    = aws_eks_cluster.legacy.name
  node_group_name = "workers"
  node_role_arn   = aws_iam_role.workers.arn # want FL305 `aws-auth mapRoles entry for role "legacy-workers" \(aws_iam_role.workers\) is removed since the base revision while managed node group aws_eks_node_group.workers`
  subnet_ids      = ["subnet-0a1b2c3d4e5f60718", "subnet-0f1e2d3c4b5a69788"]

  scaling_config {
    desired_size = 3
    max_size     = 6
    min_size     = 3
  }
}
