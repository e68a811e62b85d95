# The jobs cluster's access entry for the role goes, as if the web
# cluster's entry for the same role still let its nodes in: it does not;
# an access entry admits its principal to its own cluster only.
resource "aws_iam_role" "karpenter_nodes" {
  name = "shared-karpenter-nodes"
  assume_role_policy = jsonencode({
    Version   = "2012-10-17"
    Statement = [{ Action = "sts:AssumeRole", Effect = "Allow", Principal = { Service = "ec2.amazonaws.com" } }]
  })
}

resource "aws_eks_access_entry" "web" {
  cluster_name  = "web"
  principal_arn = aws_iam_role.karpenter_nodes.arn
  type          = "EC2_LINUX"
}
