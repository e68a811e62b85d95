# The role was first written for the cluster itself and then handed to
# Prometheus: its trust still names the EKS service.
resource "aws_iam_role" "prometheus" {
  name = "prometheus-remote-write"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Principal = { Service = "eks.amazonaws.com" }
      Action    = "sts:AssumeRole"
    }]
  })
}
