terraform {
  experiments = [module_variable_optional_attrs]
}

variable "cluster" {
  type = string
}

# Each pool's settings, the profile filled in from the module's own when
# a pool leaves it out.
variable "pools" {
  type = map(object({
    size    = number
    profile = optional(string)
  }))
}

resource "aws_iam_role" "workers" {
  name = "${var.cluster}-workers"
  assume_role_policy = jsonencode({
    Version   = "2012-10-17"
    Statement = [{ Effect = "Allow", Action = "sts:AssumeRole", Principal = { Service = "ec2.amazonaws.com" } }]
  })
}

resource "aws_iam_instance_profile" "workers" {
  name = "${var.cluster}-workers"
  role = aws_iam_role.workers.name
}

locals {
  pools = defaults(var.pools, {
    profile = aws_iam_instance_profile.workers.name
  })
}

resource "aws_launch_template" "pool" {
  for_each = local.pools
  name     = "${var.cluster}-${each.key}"

  iam_instance_profile {
    name = each.value.profile
  }
}

resource "aws_autoscaling_group" "pool" {
  for_each            = local.pools
  name                = "${var.cluster}-${each.key}"
  min_size            = 1
  max_size            = each.value.size
  vpc_zone_identifier = ["subnet-0e0e0e0e0e0e0e0e1"]

  launch_template {
    id      = aws_launch_template.pool[each.key].id
    version = "$Latest"
  }
}
