variable "name" {
  type = string
}

resource "aws_iam_role" "this" {
  name = "checkout-${var.name}"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRole"
      Principal = { Service = "ec2.amazonaws.com" }
    }]
  })
}

resource "aws_iam_instance_profile" "this" {
  name = "checkout-${var.name}"
  role = aws_iam_role.this.name
}

resource "aws_security_group" "this" {
  name   = "checkout-${var.name}"
  vpc_id = "vpc-0c4e"
  tags = {
    "karpenter.sh/discovery" = "checkout"
  }
}

resource "aws_launch_template" "this" {
  name_prefix            = "checkout-${var.name}-"
  image_id               = "ami-0a1b2c3d4e5f60718"
  vpc_security_group_ids = [aws_security_group.this.id]

  iam_instance_profile {
    arn = aws_iam_instance_profile.this.arn
  }
}

resource "aws_autoscaling_group" "this" {
  name                = "checkout-${var.name}"
  min_size            = 1
  max_size            = 4
  vpc_zone_identifier = ["subnet-0a10", "subnet-0a11"]

  launch_template {
    id      = aws_launch_template.this.id
    version = "$Latest"
  }
}

output "iam_instance_profile_name" {
  value = aws_iam_instance_profile.this.name
}
