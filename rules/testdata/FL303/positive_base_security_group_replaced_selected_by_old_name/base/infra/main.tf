resource "aws_security_group" "nodes" {
  name   = "ingest-nodes"
  vpc_id = "vpc-04b3c2d1e0f9a8b7c"

  tags = {
    "karpenter.sh/discovery" = "ingest"
  }
}

resource "aws_launch_template" "ingest" {
  name                   = "ingest-workers"
  image_id               = "ami-0f1e2d3c4b5a69788"
  instance_type          = "m6i.large"
  vpc_security_group_ids = [aws_security_group.nodes.id]
}

resource "aws_eks_node_group" "ingest" {
  cluster_name    = "ingest"
  node_group_name = "workers"
  node_role_arn   = "arn:aws:iam::505050505050:role/ingest-nodes"
  subnet_ids      = ["subnet-0aa11bb22cc33dd44"]

  launch_template {
    id      = aws_launch_template.ingest.id
    version = aws_launch_template.ingest.latest_version
  }

  scaling_config {
    desired_size = 2
    max_size     = 6
    min_size     = 2
  }
}
