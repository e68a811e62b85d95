# Self-managed group for the CI runners: they need the Packer-built AMI with
# warm Docker layer caches, which managed node groups made awkward.
# The runners have their own role, instance profile and access entry.
resource "aws_iam_role" "ci_runners" {
  name               = local.ci_runner_role_name
  assume_role_policy = data.aws_iam_policy_document.nodes_assume_role.json
}

resource "aws_iam_role_policy_attachment" "ci_runners" {
  for_each = toset(local.node_policies)

  role       = aws_iam_role.ci_runners.name
  policy_arn = each.value
}

resource "aws_iam_instance_profile" "ci_runners" {
  name = aws_iam_role.ci_runners.name
  role = aws_iam_role.ci_runners.name
}

resource "aws_eks_access_entry" "ci_runners" {
  cluster_name  = module.eks.cluster_name
  principal_arn = aws_iam_role.ci_runners.arn
  type          = "EC2_LINUX"
}

resource "aws_launch_template" "ci_runners" {
  name_prefix   = "${var.cluster_name}-ci-runners-"
  image_id      = var.ci_runner_ami_id
  instance_type = "c6i.4xlarge"

  iam_instance_profile {
    name = aws_iam_instance_profile.ci_runners.name
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
