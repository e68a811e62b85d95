resource "aws_iam_role" "workers" {
  name = "batch-workers"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Principal = { Service = "ec2.amazonaws.com" }
      Action    = "sts:AssumeRole"
    }]
  })
}

resource "aws_iam_instance_profile" "workers" {
  name = "batch-workers"
  role = aws_iam_role.workers.name
}

resource "aws_launch_template" "workers" {
  name = "ledger-workers"

  iam_instance_profile {
    name = aws_iam_instance_profile.workers.name
  }
}

resource "aws_autoscaling_group" "workers" {
  name     = "ledger-workers"
  min_size = 2
  max_size = 6

  launch_template {
    id      = aws_launch_template.workers.id
    version = "$Latest"
  }
}
