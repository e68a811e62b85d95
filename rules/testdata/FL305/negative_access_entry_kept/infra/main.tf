# Node access for Karpenter nodes stays declared here.
resource "aws_iam_role" "karpenter_node" {
  name = "prod-karpenter-node"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Action    = "sts:AssumeRole"
      Effect    = "Allow"
      Principal = { Service = "ec2.amazonaws.com" }
    }]
  })
}

resource "aws_eks_access_entry" "karpenter_node" {
  cluster_name  = "prod"
  principal_arn = aws_iam_role.karpenter_node.arn
  type          = "EC2_LINUX"
}
