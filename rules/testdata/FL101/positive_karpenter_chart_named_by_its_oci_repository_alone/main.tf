# The add-on module takes the chart's whole OCI address as its repository
# and leaves chart_name empty: the helm provider joins the two, so this
# installs oci://public.ecr.aws/karpenter/karpenter.
variable "chart_name" {
  type    = string
  default = ""
}

resource "aws_iam_role" "nodes" {
  name = "ledger-nodes"
  assume_role_policy = jsonencode({
    Version   = "2012-10-17"
    Statement = [{ Effect = "Allow", Action = "sts:AssumeRole", Principal = { Service = "ec2.amazonaws.com" } }]
  })
}

resource "aws_eks_node_group" "system" {
  cluster_name    = "ledger"
  node_group_name = "system"
  node_role_arn   = aws_iam_role.nodes.arn
  subnet_ids      = ["subnet-0a0b0c0d0e0f10111", "subnet-0a0b0c0d0e0f10112"]
  scaling_config {
    desired_size = 2
    min_size     = 2
    max_size     = 3
  }
}

resource "aws_iam_instance_profile" "karpenter" {
  name = "ledger-karpenter-nodes"
  role = aws_iam_role.nodes.name
}

resource "helm_release" "karpenter" {
  name       = "karpenter"
  namespace  = "karpenter"
  repository = "oci://public.ecr.aws/karpenter/karpenter"
  chart      = var.chart_name
  version    = "0.31.4"

  set {
    name  = "settings.aws.defaultInstanceProfile"
    value = aws_iam_instance_profile.karpenter.name # want FL101 `IAM role "ledger-nodes" \(aws_iam_role.nodes\) is used by Karpenter chart settings \(helm_release.karpenter\) and also by managed node group aws_eks_node_group.system`
  }
}
