# Node roles, one per environment listed here.
resource "aws_iam_role" "nodes" {
  for_each = toset(["prod"])
  name     = "${each.key}-nodes"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Action    = "sts:AssumeRole"
      Effect    = "Allow"
      Principal = { Service = "ec2.amazonaws.com" }
    }]
  })
}
