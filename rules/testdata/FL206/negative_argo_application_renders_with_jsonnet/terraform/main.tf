resource "aws_iam_role" "reports" {
  name = "analytics-reports"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = ["sts:AssumeRole", "sts:TagSession"]
      Principal = { Service = "pods.eks.amazonaws.com" }
    }]
  })
}

resource "aws_eks_pod_identity_association" "reports" {
  cluster_name    = "data"
  namespace       = "analytics"
  service_account = "reports"
  role_arn        = aws_iam_role.reports.arn
}
