resource "aws_iam_role" "karpenter_nodes" {
  # Renamed to the new naming scheme: Terraform replaces the role.
  name = "pier-nodes-karpenter"
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
