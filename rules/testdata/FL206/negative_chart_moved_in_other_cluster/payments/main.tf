# The payments cluster still runs Karpenter in its own namespace, which is
# created outside this repository; only the search cluster moved it.
resource "aws_iam_role" "karpenter_controller" {
  name = "payments-karpenter-controller"

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
  cluster_name    = "payments"
  namespace       = "karpenter"
  service_account = "karpenter"
  role_arn        = aws_iam_role.karpenter_controller.arn
}
