# The central account assumes this role to read the stage metrics; it is
# declared once per member account, with the same trust.
resource "aws_iam_role" "metrics_reader" {
  name = "metrics-reader"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRole"
      Principal = { AWS = "arn:aws:iam::246813579135:root" }
    }]
  })
}
