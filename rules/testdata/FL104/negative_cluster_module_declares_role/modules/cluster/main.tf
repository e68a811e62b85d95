# One module for the whole cluster: the control plane, a system node group
# and Karpenter's node role. The role lives as long as the cluster, not as
# long as the node group.
resource "aws_eks_cluster" "this" {
  name     = "payroll"
  role_arn = "arn:aws:iam::210987654321:role/payroll-control-plane"

  vpc_config {
    subnet_ids = ["subnet-0a1b", "subnet-0f1e"]
  }
}

resource "aws_iam_role" "system_nodes" {
  name = "payroll-system-nodes"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRole"
      Principal = { Service = "ec2.amazonaws.com" }
    }]
  })
}

resource "aws_eks_node_group" "system" {
  cluster_name    = aws_eks_cluster.this.name
  node_group_name = "system"
  node_role_arn   = aws_iam_role.system_nodes.arn
  subnet_ids      = ["subnet-0a1b", "subnet-0f1e"]

  scaling_config {
    min_size     = 2
    max_size     = 3
    desired_size = 2
  }
}

resource "aws_iam_role" "karpenter_nodes" {
  name = "payroll-karpenter-nodes"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRole"
      Principal = { Service = "ec2.amazonaws.com" }
    }]
  })
}

output "karpenter_node_role_name" {
  value = aws_iam_role.karpenter_nodes.name
}
