resource "aws_iam_role" "workers" {
  name               = "ci-runners"
  assume_role_policy = "{}"
}

resource "aws_iam_instance_profile" "workers" {
  name = "ci-runners-profile"
  role = aws_iam_role.workers.name
}

resource "aws_launch_template" "workers" {
  name_prefix = "ci-runners-"
  image_id    = "ami-0123456789abcdef0"

  iam_instance_profile {
    name = aws_iam_instance_profile.workers.name
  }
}

resource "aws_autoscaling_group" "workers" {
  name             = "ci-runners"
  min_size         = 1
  max_size         = 10
  desired_capacity = 2

  launch_template {
    id      = aws_launch_template.workers.id
    version = "$Latest"
  }
}
