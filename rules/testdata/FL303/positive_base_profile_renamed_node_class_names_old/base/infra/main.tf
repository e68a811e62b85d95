resource "aws_iam_role" "nodes" {
  name = "ingest-nodes"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Principal = { Service = "ec2.amazonaws.com" }
      Action    = "sts:AssumeRole"
    }]
  })
}

resource "aws_iam_instance_profile" "nodes" {
  name = "ingest-nodes"
  role = aws_iam_role.nodes.name
}
