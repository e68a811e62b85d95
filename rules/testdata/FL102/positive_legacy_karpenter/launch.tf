resource "aws_launch_configuration" "legacy" {
  name_prefix          = "legacy-"
  image_id             = "ami-0123456789abcdef0"
  instance_type        = "m5.large"
  iam_instance_profile = "KarpenterNodeInstanceProfile-prod"
}

resource "aws_autoscaling_group" "legacy" {
  name                 = "legacy-workers"
  min_size             = 1
  max_size             = 3
  launch_configuration = aws_launch_configuration.legacy.name
}
