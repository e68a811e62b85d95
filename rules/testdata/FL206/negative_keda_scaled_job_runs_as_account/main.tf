resource "aws_iam_role" "transcode" {
  name = "ingest-transcode"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = ["sts:AssumeRole", "sts:TagSession"]
      Principal = { Service = "pods.eks.amazonaws.com" }
    }]
  })
}

# The Jobs KEDA starts for the ScaledJob run as media/transcoder: the
# association binds the account their pods use.
resource "aws_eks_pod_identity_association" "transcode" {
  cluster_name    = "ingest"
  namespace       = "media"
  service_account = "transcoder"
  role_arn        = aws_iam_role.transcode.arn
}
