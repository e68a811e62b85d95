resource "aws_iam_instance_profile" "workers" {
  name = "workers"
  role = "workers"
}

resource "aws_launch_template" "workers" {
  name = "workers"

  iam_instance_profile {
    name = aws_iam_instance_profile.workers.name
  }
}

resource "aws_autoscaling_group" "workers" {
  name     = "workers"
  min_size = 1
  max_size = 5

  launch_template {
    name = aws_launch_template.workers.name
  }
}
