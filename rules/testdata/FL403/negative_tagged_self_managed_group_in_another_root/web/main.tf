# Self-managed batch nodes of the reports cluster, made in their own root:
# the cluster tag ties them to it, and their bootstrap (not read) may give
# them the label and no taint.
resource "aws_launch_template" "web" {
  name_prefix   = "web-"
  image_id      = "ami-0a1b2c3d4e5f60718"
  instance_type = "t3.small"
  iam_instance_profile {
    name = "web-nodes"
  }
}

resource "aws_autoscaling_group" "web" {
  name_prefix         = "web-"
  vpc_zone_identifier = ["subnet-0a1b2c3d4e5f60718"]
  max_size            = 2
  min_size            = 1

  launch_template {
    id      = aws_launch_template.web.id
    version = "$Latest"
  }

  tag {
    key                 = "kubernetes.io/cluster/reports"
    value               = "owned"
    propagate_at_launch = true
  }
}
