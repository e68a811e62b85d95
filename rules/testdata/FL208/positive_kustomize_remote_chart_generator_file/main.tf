# Reused from the cluster's own role: the trust is the EKS service's.
resource "aws_iam_role" "loki" {
  name = "loki-storage"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Principal = { Service = "eks.amazonaws.com" }
      Action    = "sts:AssumeRole"
    }]
  })
}
