# The role was moved to roles.tf in a refactor, and this copy was left
# behind: Terraform refuses the module.
resource "aws_iam_role" "exporter" {
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
