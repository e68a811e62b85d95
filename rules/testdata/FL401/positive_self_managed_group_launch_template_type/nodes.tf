# The render farm's own nodes: an Auto Scaling group launching the
# template's instance type, joined to the cluster by its bootstrap.
resource "aws_launch_template" "render" {
  name_prefix   = "render-"
  image_id      = "ami-0a1b2c3d4e5f60718"
  instance_type = "c6i.2xlarge"

  iam_instance_profile {
    name = "render-nodes"
  }
}

resource "aws_autoscaling_group" "render" {
  name                = "render"
  min_size            = 1
  max_size            = 10
  vpc_zone_identifier = ["subnet-0a1b2c3d4e5f60718", "subnet-0f1e2d3c4b5a69788"]

  launch_template {
    id      = aws_launch_template.render.id
    version = "$Latest"
  }

  tag {
    key                 = "kubernetes.io/cluster/render"
    value               = "owned"
    propagate_at_launch = true
  }
}

resource "aws_eks_cluster" "render" {
  name     = "render"
  role_arn = "arn:aws:iam::123456789012:role/render-cluster"

  vpc_config {
    subnet_ids = ["subnet-0a1b2c3d4e5f60718", "subnet-0f1e2d3c4b5a69788"]
  }
}
