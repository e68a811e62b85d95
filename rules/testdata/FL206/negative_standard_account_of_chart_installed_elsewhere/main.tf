# The load balancer controller is installed with the helm CLI by the
# bootstrap script, under its chart's name, so it runs as
# kube-system/aws-load-balancer-controller; the tree only installs the
# cluster autoscaler in kube-system.
resource "aws_iam_role" "lbc" {
  name = "media-lbc"

  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Principal = { Service = "pods.eks.amazonaws.com" }
      Action    = ["sts:AssumeRole", "sts:TagSession"]
    }]
  })
}

resource "aws_eks_pod_identity_association" "lbc" {
  cluster_name    = "media"
  namespace       = "kube-system"
  service_account = "aws-load-balancer-controller"
  role_arn        = aws_iam_role.lbc.arn
}
