# The workers' identity, written as a module before any root used it.
resource "aws_iam_role" "workers" {
  name = "prod-workers"
  assume_role_policy = jsonencode({
    Version   = "2012-10-17"
    Statement = [{ Effect = "Allow", Principal = { Service = "ec2.amazonaws.com" }, Action = "sts:AssumeRole" }]
  })
}
