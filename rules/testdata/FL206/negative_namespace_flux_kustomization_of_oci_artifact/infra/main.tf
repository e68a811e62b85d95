resource "aws_iam_role" "report_builder" {
  name = "ledger-report-builder"

  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Principal = { Service = "pods.eks.amazonaws.com" }
      Action    = ["sts:AssumeRole", "sts:TagSession"]
    }]
  })
}

resource "aws_eks_pod_identity_association" "report_builder" {
  cluster_name    = "ledger"
  namespace       = "reports"
  service_account = "report-builder"
  role_arn        = aws_iam_role.report_builder.arn
}
