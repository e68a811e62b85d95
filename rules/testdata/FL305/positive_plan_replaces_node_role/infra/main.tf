resource "aws_iam_role" "nodes" {
  name = "prod-nodes"
  # Moving the role under /eks/ replaces it: same name, new unique ID.
  path = "/eks/"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Action    = "sts:AssumeRole"
      Effect    = "Allow"
      Principal = { Service = "ec2.amazonaws.com" }
    }]
  })
}
