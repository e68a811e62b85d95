resource "aws_iam_role" "control_plane" {
  name = "osprey-control-plane"
  assume_role_policy = jsonencode({
    Version   = "2012-10-17"
    Statement = [{ Effect = "Allow", Action = "sts:AssumeRole", Principal = { Service = "eks.amazonaws.com" } }]
  })
}

resource "aws_eks_cluster" "osprey" {
  name     = "osprey"
  role_arn = aws_iam_role.control_plane.arn
  vpc_config {
    subnet_ids = ["subnet-0a9b8c7d6e5f40312", "subnet-0b8c7d6e5f4031201"]
  }
}

resource "aws_iam_role" "general" {
  name = "osprey-general"
  assume_role_policy = jsonencode({
    Version   = "2012-10-17"
    Statement = [{ Effect = "Allow", Action = "sts:AssumeRole", Principal = { Service = "ec2.amazonaws.com" } }]
  })
}

resource "aws_eks_node_group" "general" {
  cluster_name    = aws_eks_cluster.osprey.name
  node_group_name = "general"
  node_role_arn   = aws_iam_role.general.arn
  subnet_ids      = ["subnet-0a9b8c7d6e5f40312"]
  scaling_config {
    desired_size = 2
    max_size     = 4
    min_size     = 2
  }
}

variable "separate_karpenter_role" {
  type    = bool
  default = false
}

resource "aws_iam_role" "karpenter" {
  count = var.separate_karpenter_role ? 1 : 0
  name  = "osprey-karpenter"
  assume_role_policy = jsonencode({
    Version   = "2012-10-17"
    Statement = [{ Effect = "Allow", Action = "sts:AssumeRole", Principal = { Service = "ec2.amazonaws.com" } }]
  })
}

# Null while Karpenter has no role of its own: the state then holds no
# such output.
output "karpenter_role_name" {
  value = var.separate_karpenter_role ? aws_iam_role.karpenter[0].name : null
}

output "general_role_name" {
  value = aws_iam_role.general.name
}
