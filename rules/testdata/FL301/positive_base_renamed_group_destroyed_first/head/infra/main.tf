resource "aws_iam_role" "nodes" {
  name = "ledger-nodes"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRole"
      Principal = { Service = "ec2.amazonaws.com" }
    }]
  })
}

resource "aws_eks_cluster" "ledger" {
  name     = "ledger"
  role_arn = "arn:aws:iam::210987654321:role/ledger-cluster"
  vpc_config {
    subnet_ids = ["subnet-0c1d2e3f4a5b6c7d8", "subnet-0d2e3f4a5b6c7d8e9"]
  }
}

# The node group's name carries its generation; with no lifecycle block,
# Terraform destroys the old group before it creates the new one.
resource "aws_eks_node_group" "core" {
  cluster_name    = aws_eks_cluster.ledger.name
  node_group_name = "core-gen2"
  node_role_arn   = aws_iam_role.nodes.arn
  subnet_ids      = ["subnet-0c1d2e3f4a5b6c7d8", "subnet-0d2e3f4a5b6c7d8e9"]
  instance_types  = ["m7i.large"]

  scaling_config {
    desired_size = 2
    min_size     = 2
    max_size     = 4
  }
}
