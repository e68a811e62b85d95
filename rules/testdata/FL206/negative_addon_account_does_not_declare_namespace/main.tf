# The Karpenter chart is installed by the platform team's Argo CD, outside
# this repository; only its Pod Identity association lives here. The
# vpc-cni add-on's own account (kube-system/aws-node) says nothing about
# what else runs in kube-system.
resource "aws_eks_addon" "vpc_cni" {
  cluster_name = "orders"
  addon_name   = "vpc-cni"
}

resource "aws_iam_role" "karpenter_controller" {
  name = "orders-karpenter-controller"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Principal = { Service = "pods.eks.amazonaws.com" }
      Action    = ["sts:AssumeRole", "sts:TagSession"]
    }]
  })
}

resource "aws_eks_pod_identity_association" "karpenter" {
  cluster_name    = "orders"
  namespace       = "kube-system"
  service_account = "karpenter"
  role_arn        = aws_iam_role.karpenter_controller.arn
}
