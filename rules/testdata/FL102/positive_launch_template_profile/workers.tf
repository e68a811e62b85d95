variable "env" {
  default = "prod"
}

resource "aws_iam_role" "nodes" {
  name               = "${var.env}-nodes"
  assume_role_policy = "{}"
}

resource "aws_iam_instance_profile" "nodes" {
  name = "${var.env}-nodes"
  role = aws_iam_role.nodes.name
}

resource "aws_launch_template" "workers" {
  name = "${var.env}-workers"

  iam_instance_profile {
    arn = aws_iam_instance_profile.nodes.arn
  }
}

resource "aws_autoscaling_group" "workers" {
  name     = "${var.env}-workers"
  min_size = 1
  max_size = 5

  mixed_instances_policy {
    launch_template {
      launch_template_specification {
        launch_template_name = aws_launch_template.workers.name
      }
    }
  }
}
