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
  name = "ingest-nodes-al2023"
  role = aws_iam_role.nodes.name
}

resource "aws_launch_template" "ingest" {
  name          = "ingest-workers"
  image_id      = "ami-0f1e2d3c4b5a69788"
  instance_type = "m6i.large"

  iam_instance_profile {
    name = aws_iam_instance_profile.nodes.name
  }
}

resource "aws_autoscaling_group" "ingest" {
  name                = "ingest-workers"
  min_size            = 2
  max_size            = 8
  vpc_zone_identifier = ["subnet-0aa11bb22cc33dd44"]

  launch_template {
    id      = aws_launch_template.ingest.id
    version = aws_launch_template.ingest.latest_version
  }
}
