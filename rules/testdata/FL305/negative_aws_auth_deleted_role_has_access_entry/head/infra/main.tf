resource "aws_eks_cluster" "quay" {
  name     = "quay"
  role_arn = "arn:aws:iam::314159265358:role/quay-cluster"
  vpc_config {
    subnet_ids = ["subnet-0b1", "subnet-0b2"]
  }
  access_config {
    authentication_mode = "API_AND_CONFIG_MAP"
  }
}

resource "aws_iam_role" "karpenter_nodes" {
  name = "quay-karpenter-nodes"
  assume_role_policy = jsonencode({
    Version   = "2012-10-17"
    Statement = [{ Action = "sts:AssumeRole", Effect = "Allow", Principal = { Service = "ec2.amazonaws.com" } }]
  })
}

# The mappings moved to access entries: the aws-auth data is gone, the
# Karpenter nodes' role has an entry of its own.
resource "aws_eks_access_entry" "karpenter_nodes" {
  cluster_name  = aws_eks_cluster.quay.name
  principal_arn = aws_iam_role.karpenter_nodes.arn
  type          = "EC2_LINUX"
}
