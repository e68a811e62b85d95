# The pull request moves the system node group to Graviton; a new
# instance type forces a new group, and with no lifecycle block Terraform
# destroys the old one first. Karpenter's EC2NodeClass runs as the same
# role.
resource "aws_iam_role" "nodes" {
  name = "prod-nodes"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Action    = "sts:AssumeRole"
      Effect    = "Allow"
      Principal = { Service = "ec2.amazonaws.com" }
    }]
  })
}

resource "aws_eks_node_group" "system" {
  cluster_name    = "prod"
  node_group_name = "system"
  node_role_arn   = aws_iam_role.nodes.arn
  subnet_ids      = ["subnet-0a1b2c3d4e5f60001"]
  ami_type        = "AL2023_ARM_64_STANDARD"
  instance_types  = ["m7g.large"]

  scaling_config {
    desired_size = 2
    max_size     = 3
    min_size     = 1
  }
}
