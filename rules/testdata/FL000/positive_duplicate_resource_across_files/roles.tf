resource "aws_iam_role" "exporter" { # want FL000 `Duplicate resource "aws_iam_role" configuration: A aws_iam_role resource named "exporter" was already declared at iam.tf:3`
  name = "metrics-exporter"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRole"
      Principal = { Service = "ec2.amazonaws.com" }
    }]
  })
}
