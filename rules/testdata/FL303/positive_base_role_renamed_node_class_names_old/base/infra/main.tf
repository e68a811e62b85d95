resource "aws_iam_role" "karpenter_nodes" {
  name = "pier-karpenter-nodes"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Principal = { Service = "ec2.amazonaws.com" }
      Action    = "sts:AssumeRole"
    }]
  })
}

resource "aws_eks_access_entry" "karpenter_nodes" {
  cluster_name  = "pier"
  principal_arn = aws_iam_role.karpenter_nodes.arn
  type          = "EC2_LINUX"
}
