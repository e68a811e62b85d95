resource "aws_iam_role" "workers" {
  name = "kestrel-workers"
  assume_role_policy = jsonencode({
    Version   = "2012-10-17"
    Statement = [{ Effect = "Allow", Action = "sts:AssumeRole", Principal = { Service = "ec2.amazonaws.com" } }]
  })
}

resource "aws_iam_instance_profile" "workers" {
  name = "kestrel-workers"
  role = aws_iam_role.workers.name
}

resource "aws_launch_template" "workers" {
  name     = "kestrel-workers"
  image_id = "ami-0f1e2d3c4b5a69788"
  iam_instance_profile {
    name = aws_iam_instance_profile.workers.name
  }
}

resource "aws_autoscaling_group" "workers" {
  name                = "kestrel-workers"
  min_size            = 2
  max_size            = 6
  vpc_zone_identifier = ["subnet-0f1e2d3c4b5a69788"]

  launch_template {
    id      = aws_launch_template.workers.id
    version = "$Latest"
  }
}
