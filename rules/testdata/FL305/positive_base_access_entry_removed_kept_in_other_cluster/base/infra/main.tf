# Karpenter nodes of the jobs and web clusters run as one role of the
# account, admitted to each cluster by its own access entry.
resource "aws_iam_role" "karpenter_nodes" {
  name = "shared-karpenter-nodes"
  assume_role_policy = jsonencode({
    Version   = "2012-10-17"
    Statement = [{ Action = "sts:AssumeRole", Effect = "Allow", Principal = { Service = "ec2.amazonaws.com" } }]
  })
}

resource "aws_eks_access_entry" "jobs" {
  cluster_name  = "jobs"
  principal_arn = aws_iam_role.karpenter_nodes.arn
  type          = "EC2_LINUX"
}

resource "aws_eks_access_entry" "web" {
  cluster_name  = "web"
  principal_arn = aws_iam_role.karpenter_nodes.arn
  type          = "EC2_LINUX"
}
