# Self-managed group for the CI runners: they need the Packer-built AMI with
# warm Docker layer caches, which managed node groups made awkward.
resource "aws_launch_template" "ci_runners" {
  name_prefix   = "${var.cluster_name}-ci-runners-"
  image_id      = var.ci_runner_ami_id
  instance_type = "c6i.4xlarge"

  iam_instance_profile {
    name = aws_iam_instance_profile.nodes.name
  }

  vpc_security_group_ids = [aws_security_group.nodes.id]

  user_data = base64encode(templatefile("${path.module}/templates/ci-runner-userdata.sh.tpl", {
    cluster_name     = module.eks.cluster_name
    cluster_endpoint = module.eks.cluster_endpoint
    cluster_ca       = module.eks.cluster_certificate_authority_data
  }))

  metadata_options {
    http_tokens                 = "required"
    http_put_response_hop_limit = 2
  }

  tag_specifications {
    resource_type = "instance"
    tags = merge(local.tags, {
      Name = "${var.cluster_name}-ci-runner"
    })
  }
}

resource "aws_autoscaling_group" "ci_runners" {
  name                = "${var.cluster_name}-ci-runners"
  vpc_zone_identifier = var.private_subnet_ids
  min_size            = 0
  max_size            = 10
  desired_capacity    = 2

  launch_template {
    id      = aws_launch_template.ci_runners.id
    version = "$Latest"
  }

  tag {
    key                 = "kubernetes.io/cluster/${var.cluster_name}"
    value               = "owned"
    propagate_at_launch = true
  }

  lifecycle {
    ignore_changes = [desired_capacity]
  }
}
