resource "aws_iam_role" "ingress_controller" {
  name = "ledger-ingress-controller"

  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Principal = { Service = "pods.eks.amazonaws.com" }
      Action    = ["sts:AssumeRole", "sts:TagSession"]
    }]
  })
}

# The controller comes from the platform repository's app-of-apps chart.
resource "aws_eks_pod_identity_association" "ingress_controller" {
  cluster_name    = "ledger"
  namespace       = "kube-system"
  service_account = "ingress-controller"
  role_arn        = aws_iam_role.ingress_controller.arn
}
